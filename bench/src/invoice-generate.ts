/**
 * Generates N realistic invoices (issue 14) for the jobs the booking generator made, straight into PostgreSQL
 * with set-based SQL: about two per job (one AR to the booking's customer, one AP from the carrier or an
 * agent), 3-8 general charge lines each from the seeded charge codes (amounts computed exactly in numeric:
 * net = price x quantity, tax = net x rate, totals the sum of the lines), statuses over the whole 002 §4 flow
 * by the invoice's age (New ... Posted, Closed, Reversed, Deleted) with the clocks each stage ages on,
 * currencies HKD/USD/CNY/EUR with their rates to the base currency, AP refs, government invoice numbers,
 * group numbers, journal numbers and settlement. Invoice numbers follow the module's rule (AR/AP + office +
 * YYMM + 5 digits, the INVOICE_AR / INVOICE_AP sequences) with serials from 50001 in each side-office-month, so
 * numbers the portal allocates later (from 00001) never collide. Every invoice's invoice#, AP ref, group# and
 * government no. go into the document-number index (kind 'invoice'), as indexInvoices writes them.
 * Secondary indexes of the invoice tables are dropped during the load and rebuilt afterwards.
 *
 *   node --import tsx bench/src/invoice-generate.ts --db postgres://portal:portal@127.0.0.1:55035/portal \
 *     [--n 2000000] [--batch 200000] [--reset]
 *
 * Run it after booking-generate.ts (it needs jobs: shipping orders with a job number). With more invoices than
 * twice the jobs, jobs get more than two.
 */
import { DOCUMENT_NUMBER_STRIPPED } from '@portal/contracts';
import pg from 'pg';

export interface InvoiceGenerateOptions {
  dbUrl: string;
  n: number;
  batch?: number;
  reset?: boolean;
  log?: (line: string) => void;
}

const TABLES = ['invoices', 'invoice_jobs', 'invoice_lines'] as const;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly (string | number)[]) =>
  `array[${xs.map((x) => (typeof x === 'number' ? String(x) : lit(x))).join(',')}]`;

/**
 * Charge lines by side: code, description, unit price in USD, tax code, tax rate, UOM, whether the quantity is
 * the number of containers. Codes, tax codes and rates are the seeded ones (charge-code.seed.ts).
 */
const AR_CHARGES: [string, string, number, string, number, string, boolean][] = [
  ['OFR', 'Ocean freight', 1850, 'VAT9', 9, 'CNTR', true],
  ['THCO', 'Terminal handling charge (origin)', 274.36, 'VAT6', 6, 'CNTR', true],
  ['DOC', 'Documentation fee', 57.69, 'VAT6', 6, 'SHPT', false],
  ['BLF', 'Bill of lading fee', 48.72, 'VAT6', 6, 'BL', false],
  ['CUS', 'Customs clearance', 83.33, 'VAT6', 6, 'SHPT', false],
  ['VGM', 'VGM submission fee', 15.38, 'VAT6', 6, 'CNTR', true],
  ['TRK', 'Trucking', 320.5, 'VAT9', 9, 'TRIP', true],
  ['HDL', 'Handling fee', 64.1, 'VAT6', 6, 'SHPT', false],
  ['AMS', 'AMS filing', 35, 'VAT6', 6, 'BL', false],
  ['INS', 'Cargo insurance', 112.4, 'EXEMPT', 0, 'SHPT', false],
];
const AP_CHARGES: [string, string, number, string, number, string, boolean][] = [
  ['OFR', 'Carrier ocean freight', 1500, 'VAT9', 9, 'CNTR', true],
  ['THCO', 'Terminal handling charge (origin)', 230.77, 'VAT6', 6, 'CNTR', true],
  ['VGM', 'VGM submission fee', 12.82, 'VAT6', 6, 'CNTR', true],
  ['TRK', 'Trucking', 275, 'VAT9', 9, 'TRIP', true],
  ['CFS', 'CFS charge', 18.5, 'VAT6', 6, 'CBM', false],
  ['HDL', 'Handling fee', 45, 'VAT6', 6, 'SHPT', false],
  ['CUS', 'Customs clearance', 70.51, 'VAT6', 6, 'SHPT', false],
  ['PSH', 'Profit share', 150, 'ZERO', 0, 'SHPT', false],
];
/** Currencies with the units of one USD and the rate to the base currency (HKD), 6 decimals. */
const CURRENCIES: [string, number, string][] = [
  ['HKD', 7.8, '1.000000'],
  ['USD', 1, '7.812500'],
  ['CNY', 7.2, '1.085069'],
  ['EUR', 0.92, '8.491848'],
];
/** Payable accounts: the carrier, overseas agents, a trucker-like local vendor (demo parties). */
const AP_PARTIES = ['HKCAR001', 'HKCAR001', 'CNSHA001', 'DEHAM001', 'NLRTM001', 'USCHI001', 'HKAGT002'];

/** Secondary indexes of the invoice tables (not those backing constraints), to drop and rebuild. */
async function secondaryIndexes(db: pg.Client) {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def
       from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)
        -- kept: each batch sums its lines into the headers through it
        and i.indexname <> 'invoice_lines_inv_line_uq'`,
    [TABLES],
  );
  return rows;
}

/**
 * The plan: one row per invoice g (its job, side, party, currency, dates, status, serial), computed once so
 * invoice numbers can be numbered per side-office-month (row_number) and the batches below read it by g.
 */
function planSql(n: number, jobs: number, base: number, apParties: number[]) {
  const cur = CURRENCIES.map((c) => c[0]);
  return `
  create unlogged table bench_invoice_plan as
  with p as (
    select g, j.*, (g % 2 = 1) as is_ar,
           -- the invoice is made 0-4 days (AR) or 2-20 days (AP) after ETD; when that is still ahead, at some
           -- time in the last 90 days (billed in advance; spread so no side-office-month passes 49,999
           -- invoices, the room the 5-digit serial leaves above 50000): never in the future
           case when c.made < now() then c.made
                else now() - make_interval(mins => ((g::bigint * 7919) % (90 * 1440))::int) end as created_at
      from generate_series(1, ${n}) g
      join bench_jobs j on j.j = 1 + ((g - 1) / 2) % ${jobs}
      cross join lateral (select (j.etd + (case when g % 2 = 1 then g % 5 else 2 + g % 19 end)) + time '09:00'
                                   + make_interval(mins => ((g::bigint * 7919) % 480)::int) as made) c
  )
  select q.*, st.status,
         st.status in ('POSTED','CLOSED') and (st.status = 'CLOSED' or q.h % 10 < 6) as settled
  from (
  select g, ${base} + g as inv_id, j, so_no, job_no, hbl_no, office, etd, containers, ncont,
         case when is_ar then 'AR' else 'AP' end as inv_type,
         case when is_ar then (case when g % 23 = 0 then 'DN' when g % 41 = 0 then 'CN' when g % 97 = 0 then 'PL' else 'AR' end)
              else (case when g % 29 = 0 then 'INCOMING_DN' when g % 53 = 0 then 'CR' when g % 89 = 0 then 'PL' else 'AP' end) end as kind,
         case when is_ar then customer_id else (${arr(apParties)})[1 + (g / 2) % ${apParties.length}] end as party_id,
         case when is_ar then (${arr(cur)})[1 + (case when g % 10 < 5 then 0 when g % 10 < 9 then 1 else 2 end)]
              else (${arr(cur)})[1 + (case when g % 20 < 5 then 0 when g % 20 < 17 then 1 when g % 20 < 19 then 2 else 3 end)] end as currency,
         created_at,
         extract(epoch from now() - created_at) / 86400 as age_days,
         3 + (g * 31) % 6 as nlines,
         row_number() over (partition by is_ar, office, to_char(created_at, 'YYMM') order by g) as serial,
         -- a hash of the job (and side) that spreads statuses and flags
         (((g / 2)::bigint * 2654435761 + (g % 2) * 373) % 1000)::int as h
    from p) q
  cross join lateral (select case when q.inv_type = 'AP' and ${STATUS_SQL} = 'PRINTED' then 'RELEASED'
                                  else ${STATUS_SQL} end as status) st`;
}

/** The status of invoice g from its age (days since created), spread like a live ledger, and its clocks. */
const STATUS_SQL = `
  case
    when age_days < 3 then (array['NEW','NEW','NEW','PREPARED','PREPARED','APPROVED_1','NEW','REJECTED','PREPARED','APPROVED_1'])[1 + h % 10]
    when age_days < 12 then (array['NEW','PREPARED','APPROVED_1','APPROVED_2','APPROVED_2','REJECTED','PRINTED','ACCOUNTING_PRINTED','EXPORTED','PENDING_AUTO_EXPORT'])[1 + h % 10]
    when age_days < 45 then (array['APPROVED_2','PRINTED','ACCOUNTING_PRINTED','EXPORTED','EXPORTED_AUTO','IMPORTED','POSTED','POSTED','POSTED','POSTED','POSTED','POSTED','NEW','REJECTED','POSTED','POSTED','POSTED','POSTED','POSTED','IMPORTED'])[1 + h % 20]
    else (array['POSTED','POSTED','POSTED','POSTED','POSTED','POSTED','CLOSED','CLOSED','CLOSED','CLOSED','POSTED','POSTED','REVERSED','POST_REVERSED','DELETED','POSTED','CLOSED','CLOSED','POSTED','IMPORTED'])[1 + h % 20]
  end`;

/** Invoices g = from..to; totals are the sums of their lines (inserted first). */
function invoicesSql(from: number, to: number, base: number) {
  return `
  insert into invoices (
    inv_id, invoice_no, ap_ref, inv_type, kind, status, status_changed_at, account_code, party_id, issue_party_id,
    hbl_no, mbl_no, office_code, is_overseas, sales_code, currency, base_currency, exchange_rate,
    net_amount, tax_amount, total_amount, base_total_amount, settled_amount, outstanding_amount,
    invoice_date, gov_invoice_no, sub_type, with_credit_term, is_inter_account, payment_ref, payment_marker,
    group_no, tax_rate_code, remarks, vat_period, company_id, tax_invoice_emails, is_closed, close_period,
    journal_no, acct_process_status, reject_reason, prepared_by, prepared_at, approved_1_by, approved_1_at,
    approved_2_by, approved_2_at, printed_at, posted_at, search_text, created_at, created_by, updated_at, updated_by)
  select inv_id, invoice_no, ap_ref, inv_type, kind, status,
         coalesce(posted_at, printed_at, approved_2_at, approved_1_at, prepared_at, created_at),
         party_code, party_id, null, hbl_no, mbl_no, office, is_overseas, sales_code, currency, 'HKD', rate,
         t.net, t.tax, t.net + t.tax, round((t.net + t.tax) * rate, 2),
         case when settled then t.net + t.tax else 0 end, case when settled then 0 else t.net + t.tax end,
         invoice_date, gov_invoice_no, sub_type, with_credit_term, false,
         case when settled then 'PAY' || to_char(posted_at, 'YYMM') || lpad((g % 99991)::text, 5, '0') end,
         case when settled then 'PAID' end,
         group_no, case when inv_type = 'AR' then 'T' || (g % 3 + 1) end,
         case when g % 37 = 0 then 'Per quotation Q' || (g % 9000 + 1000) end,
         case when posted_at is not null then to_char(posted_at, 'YYYYMM') end, 'C' || office, '{}',
         status = 'CLOSED', case when status = 'CLOSED' then to_char(posted_at, 'YYYYMM') end,
         case when posted_at is not null then 'JN' || to_char(posted_at, 'YYYY') || lpad(g::text, 8, '0') end,
         case when status in ('POSTED','CLOSED','REVERSED','POST_REVERSED') then (array['SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','FAILURE','PENDING'])[1 + h % 10]
              when status in ('EXPORTED','IMPORTED','EXPORTED_AUTO','PENDING_AUTO_EXPORT') then 'PENDING' else 'NA' end,
         case when status = 'REJECTED' then (array['Charges do not match the quotation','Wrong account','Missing AP document'])[1 + g % 3] end,
         case when prepared_at is not null then (array['JCHAN','MWONG','LLI','KTAM','SZHANG'])[1 + g % 5] end, prepared_at,
         case when approved_1_at is not null then 'SUPERVISOR' end, approved_1_at,
         case when approved_2_at is not null then 'MANAGER' end, approved_2_at,
         printed_at, posted_at,
         lower(concat_ws(' ', invoice_no, ap_ref, group_no, gov_invoice_no, party_code, full_name, hbl_no, mbl_no,
                         job_no, so_no, containers)),
         created_at, 'bench', coalesce(posted_at, printed_at, approved_2_at, approved_1_at, prepared_at, created_at), 'bench'
  from (
    select s.*,
           -- AR: the tax invoice is numbered from the accounting print on; AP: the vendor's number
           case when inv_type = 'AR' and rank >= 6 then lpad(((g::bigint * 104729) % 99999989)::text, 8, '0') end as gov_invoice_no,
           case when inv_type = 'AR' and rank >= 4 and g % 7 = 0 then 'GRP' || to_char(created_at, 'YYMM') || lpad((g / 70 % 99999)::text, 5, '0') end as group_no
    from (
      select s0.*,
             -- each clock after the one before, none in the future
             case when s0.rank >= 2 then s0.created_at + least(make_interval(hours => 2 + (s0.g % 40)::int), (now() - s0.created_at) * 0.1) end as prepared_at,
             case when s0.rank >= 3 then s0.created_at + least(make_interval(hours => 6 + (s0.g % 60)::int), (now() - s0.created_at) * 0.2) end as approved_1_at,
             case when s0.rank >= 4 then s0.created_at + least(make_interval(hours => 20 + (s0.g % 70)::int), (now() - s0.created_at) * 0.3) end as approved_2_at,
             case when s0.rank >= 5 then s0.created_at + least(make_interval(hours => 30 + (s0.g % 90)::int), (now() - s0.created_at) * 0.45) end as printed_at,
             case when s0.rank >= 9 then s0.created_at + least(make_interval(days => 4 + (s0.g % 20)::int), (now() - s0.created_at) * 0.7) end as posted_at
      from (
        select pl.*, pa.party_code, pa.full_name,
               -- how far along the flow: 1 new/rejected, 2 prepared, 3 approved 1st, 4 2nd, 5 printed/released,
               -- 6 accounting printed, 7 exported, 8 imported, 9 posted and later
               case pl.status when 'NEW' then 1 when 'REJECTED' then 2 when 'DELETED' then 1 when 'PREPARED' then 2
                    when 'APPROVED_1' then 3 when 'APPROVED_2' then 4 when 'PRINTED' then 5 when 'RELEASED' then 5
                    when 'ACCOUNTING_PRINTED' then 6 when 'EXPORTED' then 7 when 'PENDING_AUTO_EXPORT' then 6
                    when 'EXPORTED_AUTO' then 7 when 'IMPORTED' then 8 else 9 end as rank,
               (case when pl.inv_type = 'AR' then 'AR' else 'AP' end) || pl.office || to_char(pl.created_at, 'YYMM')
                 || lpad((50000 + pl.serial)::text, 5, '0') as invoice_no,
               case when pl.inv_type = 'AP' and (pl.status not in ('NEW','DELETED') or pl.h % 2 = 0)
                    then (array['MAEU-','CSL-','HLAG-','ONE-','SHA-','DEH-','RTM-'])[1 + (pl.g / 2) % 7] || pl.office || '-' || lpad((pl.g % 999983)::text, 6, '0') end as ap_ref,
               case when pl.g % 3 = 0 then 'MB' || pl.office || lpad((pl.g % 9999991)::text, 8, '0') end as mbl_no,
               coalesce(pa.country_code <> o.country_code, false) as is_overseas,
               (array['JCHAN','MWONG','LLI','KTAM','SZHANG'])[1 + pl.g % 5] as sales_code,
               case pl.currency ${CURRENCIES.map((c) => `when ${lit(c[0])} then ${c[2]}::numeric`).join(' ')} end as rate,
               case when pl.inv_type = 'AR' then pl.etd + 2 else pl.etd + 5 end as invoice_date,
               case when pl.inv_type = 'AR' then (array['VAT_SPECIAL','VAT_GENERAL','VAT_E_INVOICE','RECEIPT'])[1 + pl.g % 4]
                    else (array['RECEIPT','TRANSFER','CHEQUE','VAT_SPECIAL'])[1 + pl.g % 4] end as sub_type,
               pl.g % 4 <> 0 as with_credit_term
          from bench_invoice_plan pl
          join parties pa on pa.party_id = pl.party_id
          left join offices o on o.code = pl.office
         where pl.g between ${from} and ${to}
      ) s0
    ) s
  ) x
  join (select inv_id, sum(amount) as net, sum(tax_amount) as tax from invoice_lines
         where inv_id between ${base + from} and ${base + to} group by inv_id) t using (inv_id)`;
}

/**
 * The lines of invoice x (columns g, inv_type, currency, nlines, ncont of the plan): code, description, UOM,
 * price in the invoice currency, quantity, tax; amount, tax and total computed exactly (numeric, 2 decimals).
 */
function linesOf(x: string) {
  const side = (charges: typeof AR_CHARGES, col: number) =>
    arr(charges.map((c) => c[col] as string | number));
  const pick = (col: number) =>
    `case when ${x}.inv_type = 'AR' then (${side(AR_CHARGES, col)})[1 + (ln - 1 + (${x}.g / 2) % 3) % ${AR_CHARGES.length}]
          else (${side(AP_CHARGES, col)})[1 + (ln - 1 + (${x}.g / 2) % 3) % ${AP_CHARGES.length}] end`;
  const perCont = `case when ${x}.inv_type = 'AR' then (${arr(AR_CHARGES.map((c) => (c[6] ? 1 : 0)))})[1 + (ln - 1 + (${x}.g / 2) % 3) % ${AR_CHARGES.length}]
          else (${arr(AP_CHARGES.map((c) => (c[6] ? 1 : 0)))})[1 + (ln - 1 + (${x}.g / 2) % 3) % ${AP_CHARGES.length}] end`;
  const usdPer = `case ${x}.currency ${CURRENCIES.map((c) => `when ${lit(c[0])} then ${c[1]}::numeric`).join(' ')} end`;
  return `
    select ln, code, descr, uom, price, qty, tax_code, rate,
           round(price * qty, 2) as amount, round(round(price * qty, 2) * rate / 100, 2) as tax_amount
      from (
        select ln, ${pick(0)} as code, ${pick(1)} as descr, ${pick(5)} as uom, ${pick(3)} as tax_code,
               (${pick(4)})::numeric as rate,
               round((${pick(2)})::numeric * ${usdPer} * (0.9 + ((${x}.g * 7 + ln * 13) % 21) / 100.0), 2) as price,
               (case when ${perCont} = 1 then ${x}.ncont else 1 end)::numeric as qty
          from generate_series(1, ${x}.nlines) ln
      ) l0`;
}

/** Loads N invoices for the generated jobs; answers counts and timings. */
export async function generateInvoices({
  dbUrl,
  n,
  batch = 200_000,
  reset = false,
  log = console.log,
}: InvoiceGenerateOptions) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  // Dropped indexes not yet rebuilt: a failed load puts them back (finally below).
  let indexes: { name: string; def: string }[] = [];
  try {
    await db.query("set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'");
    await db.query('set max_parallel_maintenance_workers = 2').catch(() => undefined);
    const existing = Number(
      (await db.query("select count(*) from invoices where created_by = 'bench'")).rows[0].count,
    );
    if (existing > 0 && !reset)
      throw new Error(`invoices holds ${existing} generated rows; pass --reset to replace them`);
    if (reset) {
      await db.query("delete from document_numbers where kind = 'invoice'");
      await db.query(`truncate ${TABLES.join(', ')}, invoice_pl_lines, invoice_cheque_requests cascade`);
    }
    const { rows: parties } = await db.query<{ party_code: string; party_id: number }>(
      'select party_code, party_id from parties where party_code = any($1)',
      [AP_PARTIES],
    );
    const apParties = AP_PARTIES.map((c) => parties.find((p) => p.party_code === c)?.party_id).filter(
      (id): id is number => id !== undefined,
    );
    if (!apParties.length) throw new Error('demo parties missing: start the portal once in demo mode first');
    const codes = (await db.query<{ charge_code: string }>('select charge_code from charge_codes')).rows.map(
      (r) => r.charge_code,
    );
    const missing = [...AR_CHARGES, ...AP_CHARGES].map((c) => c[0]).filter((c) => !codes.includes(c));
    if (missing.length)
      throw new Error(`charge codes missing (${missing.join(', ')}): seed the portal first`);

    // The jobs (one row each, numbered 1..J) with their first order and its containers.
    await db.query('drop table if exists bench_jobs, bench_invoice_plan');
    await db.query(`
      create unlogged table bench_jobs as
      select row_number() over (order by so.job_no) as j, so.so_no, so.job_no, so.hbl_no, so.handling_office as office,
             so.etd, so.customer_id, c.containers, greatest(1, c.ncont) as ncont
        from (select distinct on (job_no) * from shipping_orders where job_no is not null order by job_no, so_no) so
        cross join lateral (select string_agg(x.container_no, ' ' order by x.line_no) as containers,
                                   count(x.container_no)::int as ncont
                              from so_containers x where x.so_id = so.so_id) c`);
    await db.query('create unique index on bench_jobs (j)');
    await db.query('analyze bench_jobs');
    const jobs = Number((await db.query('select count(*) from bench_jobs')).rows[0].count);
    if (!jobs) throw new Error('no jobs: run booking-generate.ts first');
    const base = Number((await db.query('select coalesce(max(inv_id), 0) as m from invoices')).rows[0].m);
    await db.query(planSql(n, jobs, base, apParties));
    await db.query('create unique index on bench_invoice_plan (g)');
    await db.query('analyze bench_invoice_plan');
    const maxSerial = Number((await db.query('select max(serial) m from bench_invoice_plan')).rows[0].m);
    if (maxSerial > 49_999) throw new Error(`too many invoices in one side-office-month (${maxSerial})`);
    log(
      `[invoices] planned ${n.toLocaleString('en')} invoices over ${jobs.toLocaleString('en')} jobs (${since()})`,
    );

    indexes = await secondaryIndexes(db);
    for (const ix of indexes) await db.query(`drop index if exists "${ix.name}"`);
    log(`[invoices] dropped ${indexes.length} secondary indexes (${since()})`);
    // Foreign keys (party, charge code, invoice) are checked row by row; the plan only uses existing rows.
    const replica = await db
      .query('set session_replication_role = replica')
      .then(() => true)
      .catch(() => false);
    for (let from = 1; from <= n; from += batch) {
      const to = Math.min(n, from + batch - 1);
      const tBatch = performance.now();
      await db.query('begin');
      await db.query(`
        insert into invoice_lines (inv_id, line_no, charge_code, description, reference, job_no, unit_price,
                                   price_includes_tax, quantity, uom, dr_cr, tax_code, tax_rate, amount, tax_amount,
                                   total_amount, settled_amount, outstanding_amount)
        select x.inv_id, l.ln, l.code, l.descr, null, x.job_no, l.price, false, l.qty, l.uom,
               case when x.kind in ('CN', 'INCOMING_CN') then 'CR' else 'DR' end, l.tax_code, l.rate,
               l.amount, l.tax_amount, l.amount + l.tax_amount,
               case when x.settled then l.amount + l.tax_amount else 0 end,
               case when x.settled then 0 else l.amount + l.tax_amount end
          from bench_invoice_plan x
          cross join lateral (${linesOf('x')}) l
         where x.g between ${from} and ${to}`);
      const tLines = performance.now();
      await db.query(invoicesSql(from, to, base));
      const tHeads = performance.now();
      await db.query(`
        insert into invoice_jobs (inv_id, job_no, so_no)
        select x.inv_id, x.job_no, x.so_no from bench_invoice_plan x where x.g between ${from} and ${to}`);
      await db.query('commit');
      log(
        `[invoices] ${to.toLocaleString('en')} / ${n.toLocaleString('en')} invoices (${since()}; lines ${((tLines - tBatch) / 1000).toFixed(1)} s, headers ${((tHeads - tLines) / 1000).toFixed(1)} s)`,
      );
    }
    if (replica) await db.query('set session_replication_role = origin');
    await db.query(
      `select setval(pg_get_serial_sequence('invoices', 'inv_id'), (select max(inv_id) from invoices))`,
    );
    await db.query(
      `select setval(pg_get_serial_sequence('invoice_lines', 'id'), (select max(id) from invoice_lines))`,
    );
    const tIndex = performance.now();
    for (const ix of indexes) await db.query(ix.def);
    const rebuilt = indexes.length;
    indexes = [];
    const indexSeconds = (performance.now() - tIndex) / 1000;
    log(`[invoices] rebuilt ${rebuilt} indexes in ${indexSeconds.toFixed(1)} s (${since()})`);

    // The document-number index rows indexInvoices writes (invoice-search.repository.ts documentOf).
    const tSearch = performance.now();
    const norm = (e: string) => `upper(translate(${e}, ${lit(DOCUMENT_NUMBER_STRIPPED)}, ''))`;
    for (let from = 1; from <= n; from += batch) {
      const to = Math.min(n, from + batch - 1);
      await db.query(`
        insert into document_numbers (kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids)
        select 'invoice', i.inv_id::text, f.field, btrim(f.value), ${norm('btrim(f.value)')}, i.invoice_no, i.status,
               concat_ws(' · ', i.inv_type, i.account_code, p.full_name),
               jsonb_build_object('invoiceDate', i.invoice_date), array[i.party_id]
          from invoices i
          left join parties p on p.party_id = i.party_id
          cross join lateral (values ('invoice_no', i.invoice_no), ('ap_ref', i.ap_ref), ('group_no', i.group_no),
                                     ('gov_invoice_no', i.gov_invoice_no)) f(field, value)
         where i.inv_id between ${base + from} and ${base + to} and i.status <> 'DELETED'
           and f.value is not null and btrim(f.value) <> ''
        on conflict do nothing`);
    }
    const searchSeconds = (performance.now() - tSearch) / 1000;
    log(`[invoices] document-number index filled in ${searchSeconds.toFixed(1)} s (${since()})`);
    for (const t of [...TABLES, 'document_numbers']) await db.query(`vacuum analyze ${t}`);
    await db.query('drop table if exists bench_jobs, bench_invoice_plan');

    const counts = (
      await db.query<{ invoices: string; lines: string; jobs: string; numbers: string; bad: string }>(
        `select (select count(*) from invoices) invoices, (select count(*) from invoice_lines) lines,
                (select count(distinct job_no) from invoice_jobs) jobs,
                (select count(*) from document_numbers where kind = 'invoice') numbers,
                -- every header total must be the sum of its lines (002 §5)
                (select count(*) from (select i.inv_id from invoices i join invoice_lines l on l.inv_id = i.inv_id
                   where i.inv_id in (select inv_id from invoices tablesample system (1) limit 2000)
                   group by i.inv_id, i.total_amount having sum(l.total_amount) <> i.total_amount) b) bad`,
      )
    ).rows[0];
    if (Number(counts.bad) > 0)
      throw new Error(`${counts.bad} sampled invoices do not add up to their lines`);
    const seconds = (performance.now() - t0) / 1000;
    log(`[invoices] done in ${seconds.toFixed(1)} s`);
    return {
      invoices: Number(counts.invoices),
      lines: Number(counts.lines),
      jobs: Number(counts.jobs),
      documentNumbers: Number(counts.numbers),
      seconds: Number(seconds.toFixed(1)),
      indexSeconds: Number(indexSeconds.toFixed(1)),
      searchIndexSeconds: Number(searchSeconds.toFixed(1)),
    };
  } finally {
    if (indexes.length) {
      await db.query('rollback').catch(() => undefined);
      for (const ix of indexes)
        await db
          .query(ix.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '))
          .catch(() => undefined);
    }
    await db.end();
  }
}

/** `--name value` from the command line. */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!dbUrl) {
    console.error('usage: invoice-generate.ts --db <postgres url> [--n 2000000] [--batch 200000] [--reset]');
    process.exit(2);
  }
  const figures = await generateInvoices({
    dbUrl,
    n: Number(arg('n') ?? 2_000_000),
    batch: Number(arg('batch') ?? 200_000),
    reset: process.argv.includes('--reset'),
  });
  console.table(figures);
}
