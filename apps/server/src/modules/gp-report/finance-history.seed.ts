import { invoiceTotals, type LineMoneyInput, money } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { DEMO_OFFICE_POLS, DEMO_OFFICES, seededRandom, tableColumns } from '../../platform/seed/demo-data';
import { recordPostedForSeed } from '../accounting';
import { rebuildGp } from './gp-report.refresh';

/**
 * Twelve months of finance history for the demo (docs/gp-reports.md "Demo data"): jobs in every month and
 * office across modes, services, POLs, customers and salesmen, each with its AR and AP invoices, mostly
 * posted through the accounting module's seed helper, a few failed postings, a few not yet posted, dates
 * spread so older receivables are overdue, and two customers over their credit limit. Bulk SQL: it adds
 * about a second to the demo seed.
 */

/** Customers billed (AR accounts and the orders' customer); the last two are pushed over their credit limit. */
const CUSTOMERS = ['HKCUS001', 'HKSHP001', 'CNNGB001', 'CNXMN001', 'USNYC001', 'CNSZX001', 'USLAX001'];
const OVER_LIMIT: Record<string, string> = { CNSZX001: '20000.00', USLAX001: '30000.00' };
const VENDORS = ['HKCAR001', 'CNSHA001', 'DEHAM001', 'USCHI001'];
const SALESMEN = ['S01', 'S02', 'S03', 'S04', 'S05'];
const RATES: Record<string, string> = { HKD: '1', USD: '7.800000', EUR: '8.450000' };

interface Shape {
  mode: 'SEA' | 'AIR';
  service: 'FCL' | 'LCL';
  ar: [string, string, string, string][];
  ap: [string, string, string, string][];
}
/** Charge lines [charge code, description, unit price (USD), tax code] by shape; quantities vary per job. */
const SHAPES: Shape[] = [
  {
    mode: 'SEA',
    service: 'FCL',
    ar: [
      ['OFR', 'Ocean freight', '1850', 'VAT9'],
      ['DOC', 'Documentation fee', '60', 'VAT6'],
      ['BLF', 'Bill of lading fee', '50', 'VAT6'],
      ['TRK', 'Trucking', '220', 'VAT9'],
    ],
    ap: [
      ['OFR', 'Carrier ocean freight', '1480', 'VAT9'],
      ['VGM', 'VGM submission fee', '15', 'VAT6'],
      ['TRK', 'Trucking', '170', 'VAT9'],
    ],
  },
  {
    mode: 'SEA',
    service: 'LCL',
    ar: [
      ['OFR', 'Ocean freight (LCL)', '85', 'VAT9'],
      ['CFS', 'CFS charge', '22', 'VAT6'],
      ['DOC', 'Documentation fee', '60', 'VAT6'],
    ],
    ap: [
      ['OFR', 'Co-loader freight', '58', 'VAT9'],
      ['CFS', 'CFS charge', '16', 'VAT6'],
    ],
  },
  {
    mode: 'AIR',
    service: 'LCL',
    ar: [
      ['AFR', 'Air freight', '4.2', 'VAT9'],
      ['HDL', 'Handling fee', '45', 'VAT6'],
      ['CUS', 'Customs clearance', '80', 'VAT6'],
    ],
    ap: [
      ['AFR', 'Airline freight', '3.3', 'VAT9'],
      ['HDL', 'Terminal handling', '30', 'VAT6'],
    ],
  },
];
const TAX_RATE: Record<string, string> = { VAT9: '9', VAT6: '6' };

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (now: Date, back: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));

/** Overridable order columns and their SQL types (jsonb_to_recordset). */
const ORDER_OVERRIDES: Record<string, string> = {
  so_no: 'text',
  job_no: 'text',
  hbl_no: 'text',
  status: 'text',
  etd: 'date',
  eta: 'date',
  cargo_ready_date: 'date',
  handling_office: 'text',
  transport_mode: 'text',
  service_type: 'text',
  pol: 'text',
  customer_id: 'int',
  salesman: 'text',
  cbm: 'numeric',
  gross_weight: 'numeric',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

export type OrderClone = { tpl: number } & Partial<
  Record<keyof typeof ORDER_OVERRIDES, string | number | null>
>;

/**
 * Copies template orders (`tpl` = so_id) with the given columns replaced, in one statement: the history seed
 * and the GP tests make jobs with it. Answers the new so_ids in input order.
 */
export async function cloneOrders(db: DbOrTx, clones: OrderClone[]): Promise<number[]> {
  if (!clones.length) return [];
  const cols = await tableColumns(db, 'shipping_orders', 'so_id');
  const recDef = ['tpl int', 'ord int', ...Object.entries(ORDER_OVERRIDES).map(([c, t]) => `${c} ${t}`)].join(
    ', ',
  );
  const select = cols.map((c) => (c in ORDER_OVERRIDES ? `coalesce(v.${c}, t.${c})` : `t.${c}`)).join(', ');
  const json = JSON.stringify(clones.map((c, i) => ({ ...c, ord: i })));
  const { rows } = await db.execute<{ so_id: number; so_no: string }>(
    sql`insert into shipping_orders (${sql.raw(cols.join(', '))})
        select ${sql.raw(select)}
          from jsonb_to_recordset(${json}::jsonb) as v(${sql.raw(recDef)})
          join shipping_orders t on t.so_id = v.tpl
         order by v.ord
        returning so_id, so_no`,
  );
  const bySo = new Map(rows.map((r) => [r.so_no, r.so_id]));
  return clones.map((c) => bySo.get(String(c.so_no)) ?? 0);
}

interface PlannedInvoice {
  invoice_no: string;
  inv_type: 'AR' | 'AP';
  kind: string;
  account: string;
  office: string;
  currency: string;
  date: string;
  job_no: string;
  so_no: string;
  fate: 'post' | 'fail' | 'open';
  lines: (LineMoneyInput & { charge_code: string; description: string; uom: string; tax_code: string })[];
}

/**
 * Seeds the history once (skipped when GPH- invoices exist, or in the API tests' template database, where
 * other modules' tests count the demo's invoices). `now` fixes "the last 12 months".
 */
export async function seedDemoFinanceHistory(db: Db, now = new Date(), opts: { inTests?: boolean } = {}) {
  if (process.env.VITEST && !opts.inTests) return;
  const { rows: done } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from invoices where invoice_no like 'GPH-%'`,
  );
  if ((done[0]?.n ?? 0) > 0) return;
  const { rows: parties } = await db.execute<{ party_id: number; party_code: string; full_name: string }>(
    sql`select party_id, party_code, full_name from parties
         where party_code = any(${sql.param([...CUSTOMERS, ...VENDORS])}::text[])`,
  );
  const party = new Map(parties.map((p) => [p.party_code, p]));
  const { rows: tpl } = await db.execute<{ so_id: number }>(
    sql`select so_id from shipping_orders where job_no is not null order by so_id limit 1`,
  );
  const customers = CUSTOMERS.filter((c) => party.has(c));
  const vendors = VENDORS.filter((c) => party.has(c));
  if (!tpl[0] || !customers.length || !vendors.length) return;

  const rand = seededRandom(20260101);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const clones: OrderClone[] = [];
  const equipment: { so_no: string; size_type: string; qty: number }[] = [];
  const planned: PlannedInvoice[] = [];
  let seq = 0;
  for (let back = 11; back >= 0; back--) {
    const start = monthStart(now, back);
    const yymm = `${String(start.getUTCFullYear()).slice(2)}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const office of DEMO_OFFICES) {
      const jobsHere = office === 'HKG' ? 3 : 2;
      for (let k = 1; k <= jobsHere; k++) {
        seq++;
        const shape = pick(SHAPES);
        const customer = pick(customers);
        const day = 1 + Math.floor(rand() * 26);
        const etd = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), day));
        // This month's jobs sail no later than today.
        if (etd > now) etd.setTime(Math.max(start.getTime(), now.getTime() - 86_400_000));
        const jobNo = `GPH${yymm}${office}${k}`;
        const soNo = `GPHSO${yymm}${office}${k}`;
        const cbm = shape.service === 'FCL' ? 25 + Math.floor(rand() * 40) : 2 + Math.floor(rand() * 12);
        const gw =
          shape.mode === 'AIR' ? 150 + Math.floor(rand() * 900) : cbm * (180 + Math.floor(rand() * 120));
        const boxes = shape.service === 'FCL' ? 1 + Math.floor(rand() * 3) : 0;
        clones.push({
          tpl: tpl[0].so_id,
          so_no: soNo,
          job_no: jobNo,
          hbl_no: `GPHB${yymm}${office}${k}`,
          status: 'CONFIRMED',
          etd: ymd(etd),
          eta: ymd(new Date(etd.getTime() + (shape.mode === 'AIR' ? 2 : 21) * 86_400_000)),
          cargo_ready_date: ymd(new Date(etd.getTime() - 5 * 86_400_000)),
          handling_office: office,
          transport_mode: shape.mode,
          service_type: shape.service,
          pol: pick(DEMO_OFFICE_POLS[office]),
          customer_id: party.get(customer)?.party_id ?? null,
          salesman: pick(SALESMEN),
          cbm,
          gross_weight: gw,
          created_at: new Date(etd.getTime() - 10 * 86_400_000).toISOString(),
          updated_at: new Date(etd.getTime() - 10 * 86_400_000).toISOString(),
        });
        if (boxes) equipment.push({ so_no: soNo, size_type: rand() < 0.6 ? '40HQ' : '20GP', qty: boxes });

        // Quantities: containers for FCL, CBM for LCL, chargeable kg by air.
        const qty = (code: string) => {
          if (['OFR'].includes(code) && shape.service === 'FCL') return String(boxes);
          if (['OFR', 'CFS'].includes(code)) return String(cbm);
          if (code === 'AFR') return String(Math.max(gw, Math.round(cbm * 167)));
          if (code === 'VGM') return String(boxes || 1);
          return '1';
        };
        const mk = (rows: [string, string, string, string][], markup: number) =>
          rows.map(([code, description, price, tax]) => ({
            charge_code: code,
            description,
            unit_price: money.round(money.mul(price, markup.toFixed(4)), { scale: 2 }),
            quantity: qty(code),
            uom: code === 'AFR' ? 'KG' : 'SHPT',
            dr_cr: 'DR' as const,
            tax_code: tax,
            tax_rate: TAX_RATE[tax] ?? '0',
            price_includes_tax: false,
          }));
        // Invoice date in the job's month (the journal's period is the invoice date's month).
        const invDate = ymd(new Date(Math.min(etd.getTime() + 2 * 86_400_000, now.getTime())));
        const sameMonth = invDate.slice(0, 7) === ymd(etd).slice(0, 7) ? invDate : ymd(etd);
        // Recent months are still being worked: the current month mostly unposted, a few failures before.
        const fateOf = (): PlannedInvoice['fate'] => {
          const r = rand();
          if (back === 0) return r < 0.5 ? 'open' : 'post';
          if (back <= 2 && r < 0.12) return 'fail';
          if (back === 1 && r < 0.25) return 'open';
          return 'post';
        };
        const currency = pick(['USD', 'USD', 'HKD', 'EUR']);
        const usdTo = (cur: string) => money.div('7.8', RATES[cur], 12);
        const priced = (rows: ReturnType<typeof mk>, cur: string) =>
          rows.map((l) => ({ ...l, unit_price: money.round(money.mul(l.unit_price, usdTo(cur)), cur) }));
        planned.push({
          invoice_no: `GPH-AR-${yymm}-${String(seq).padStart(4, '0')}`,
          inv_type: 'AR',
          kind: 'AR',
          account: customer,
          office,
          currency,
          date: sameMonth,
          job_no: jobNo,
          so_no: soNo,
          fate: fateOf(),
          lines: priced(mk(shape.ar, 0.9 + rand() * 0.4), currency),
        });
        planned.push({
          invoice_no: `GPH-AP-${yymm}-${String(seq).padStart(4, '0')}`,
          inv_type: 'AP',
          kind: 'AP',
          account: pick(vendors),
          office,
          currency: 'USD',
          date: sameMonth,
          job_no: jobNo,
          so_no: soNo,
          fate: fateOf(),
          lines: priced(mk(shape.ap, 0.9 + rand() * 0.2), 'USD'),
        });
        // Now and then a credit note (CR lines) for a rebate to the customer.
        if (rand() < 0.08)
          planned.push({
            invoice_no: `GPH-CN-${yymm}-${String(seq).padStart(4, '0')}`,
            inv_type: 'AR',
            kind: 'CN',
            account: customer,
            office,
            currency: 'HKD',
            date: sameMonth,
            job_no: jobNo,
            so_no: soNo,
            fate: back === 0 ? 'open' : 'post',
            lines: [
              {
                charge_code: 'HDL',
                description: 'Volume rebate',
                unit_price: '300',
                quantity: '1',
                uom: 'SHPT',
                dr_cr: 'CR',
                tax_code: 'VAT6',
                tax_rate: '6',
                price_includes_tax: false,
              },
            ],
          });
      }
    }
  }

  await db.transaction(async (tx) => {
    await cloneOrders(tx, clones);
    if (equipment.length)
      await tx.execute(sql`insert into so_equipment (so_id, line_no, size_type, qty)
        select so.so_id, 1, v.size_type, v.qty
          from jsonb_to_recordset(${JSON.stringify(equipment)}::jsonb) as v(so_no text, size_type text, qty int)
          join shipping_orders so on so.so_no = v.so_no`);

    const invRows = planned.map((p) => {
      const rate = RATES[p.currency];
      const t = invoiceTotals(p.lines, p.currency, rate, 'HKD');
      const acct = party.get(p.account);
      const at = `${p.date}T09:00:00.000Z`;
      return {
        p,
        t,
        row: {
          invoice_no: p.invoice_no,
          inv_type: p.inv_type,
          kind: p.kind,
          status: p.fate === 'open' ? 'APPROVED_2' : p.fate === 'fail' ? 'POSTED' : 'IMPORTED',
          acct_process_status: p.fate === 'fail' ? 'FAILURE' : p.fate === 'open' ? 'NA' : 'PENDING',
          account_code: p.account,
          party_id: acct?.party_id,
          office_code: p.office,
          is_overseas: !p.account.startsWith('HK'),
          currency: p.currency,
          exchange_rate: rate,
          net_amount: t.net_amount,
          tax_amount: t.tax_amount,
          total_amount: t.total_amount,
          base_total_amount: t.base_total_amount,
          outstanding_amount: t.total_amount,
          invoice_date: p.date,
          gov_invoice_no: p.fate === 'open' ? null : `GOV${p.invoice_no.slice(-9).replace(/-/g, '')}`,
          sub_type: p.inv_type === 'AR' ? 'VAT_SPECIAL' : 'RECEIPT',
          with_credit_term: true,
          prepared_by: 'Olivia Ops',
          prepared_at: at,
          approved_1_by: 'Sam Supervisor',
          approved_1_at: at,
          approved_2_by: 'Mia Manager',
          approved_2_at: at,
          status_changed_at: at,
          created_at: at,
          updated_at: at,
          hbl_no: null,
          search_text:
            `${p.invoice_no} ${p.account} ${acct?.full_name ?? ''} ${p.job_no} ${p.so_no}`.toLowerCase(),
        },
      };
    });
    const { rows: inserted } = await tx.execute<{ inv_id: number; invoice_no: string }>(sql`
      insert into invoices (invoice_no, inv_type, kind, status, acct_process_status, account_code, party_id,
             office_code, is_overseas, currency, base_currency, exchange_rate, net_amount, tax_amount, total_amount,
             base_total_amount, outstanding_amount, invoice_date, gov_invoice_no, sub_type, with_credit_term,
             prepared_by, prepared_at, approved_1_by, approved_1_at, approved_2_by, approved_2_at,
             status_changed_at, created_at, updated_at, created_by, updated_by, search_text)
      select v.invoice_no, v.inv_type, v.kind, v.status, v.acct_process_status, v.account_code, v.party_id,
             v.office_code, v.is_overseas, v.currency, 'HKD', v.exchange_rate, v.net_amount, v.tax_amount,
             v.total_amount, v.base_total_amount, v.outstanding_amount, v.invoice_date, v.gov_invoice_no, v.sub_type,
             v.with_credit_term, v.prepared_by, v.prepared_at, v.approved_1_by, v.approved_1_at, v.approved_2_by,
             v.approved_2_at, v.status_changed_at, v.created_at, v.updated_at, v.prepared_by,
             coalesce(v.approved_2_by, v.approved_1_by, v.prepared_by), v.search_text
        from jsonb_to_recordset(${JSON.stringify(invRows.map((r) => r.row))}::jsonb) as v(
             invoice_no text, inv_type text, kind text, status text, acct_process_status text, account_code text,
             party_id int, office_code text, is_overseas boolean, currency text, exchange_rate numeric,
             net_amount numeric, tax_amount numeric, total_amount numeric, base_total_amount numeric,
             outstanding_amount numeric, invoice_date date, gov_invoice_no text, sub_type text,
             with_credit_term boolean, prepared_by text, prepared_at timestamptz, approved_1_by text,
             approved_1_at timestamptz, approved_2_by text, approved_2_at timestamptz,
             status_changed_at timestamptz, created_at timestamptz, updated_at timestamptz, search_text text)
      returning inv_id, invoice_no`);
    const idOf = new Map(inserted.map((r) => [r.invoice_no, r.inv_id]));
    const jobs = invRows.map(({ p }) => ({
      inv_id: idOf.get(p.invoice_no),
      job_no: p.job_no,
      so_no: p.so_no,
    }));
    await tx.execute(sql`insert into invoice_jobs (inv_id, job_no, so_no)
      select v.inv_id, v.job_no, v.so_no from jsonb_to_recordset(${JSON.stringify(jobs)}::jsonb) as v(inv_id int, job_no text, so_no text)`);
    const lines = invRows.flatMap(({ p, t }) =>
      p.lines.map((l, i) => ({
        inv_id: idOf.get(p.invoice_no),
        line_no: i + 1,
        charge_code: l.charge_code,
        description: l.description,
        unit_price: l.unit_price,
        quantity: l.quantity,
        uom: l.uom,
        dr_cr: l.dr_cr,
        tax_code: l.tax_code,
        tax_rate: l.tax_rate,
        amount: t.lines[i].amount,
        tax_amount: t.lines[i].tax_amount,
        total_amount: t.lines[i].total_amount,
      })),
    );
    await tx.execute(sql`insert into invoice_lines (inv_id, line_no, charge_code, description, unit_price, quantity,
             uom, dr_cr, tax_code, tax_rate, amount, tax_amount, total_amount, outstanding_amount)
      select v.inv_id, v.line_no, v.charge_code, v.description, v.unit_price, v.quantity, v.uom, v.dr_cr,
             v.tax_code, v.tax_rate, v.amount, v.tax_amount, v.total_amount, v.total_amount
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as v(inv_id int, line_no int, charge_code text,
             description text, unit_price numeric, quantity numeric, uom text, dr_cr text, tax_code text,
             tax_rate numeric, amount numeric, tax_amount numeric, total_amount numeric)`);
    // Two customers with a low credit limit: their open receivables breach it.
    for (const [code, limit] of Object.entries(OVER_LIMIT))
      await tx.execute(sql`update parties set credit_limit = ${limit} where party_code = ${code}`);
    const toPost = invRows.filter((r) => r.p.fate === 'post').map((r) => idOf.get(r.p.invoice_no) as number);
    await recordPostedForSeed(tx, toPost);
  });
  await rebuildGp(db);
}
