/**
 * Generates N realistic shipping orders straight into PostgreSQL with set-based SQL (generate_series), for
 * the booking bench. Real demo parties, seeded UN/LOCODE ports, real carriers and vessels; statuses spread
 * over all seven with ageing clocks from minutes to weeks; 1-3 containers each with valid ISO 6346 numbers;
 * job and house-bill numbers for confirmed bookings. Secondary indexes are dropped during the load and
 * rebuilt afterwards, then the tables are analysed.
 *
 *   node --import tsx bench/src/booking-generate.ts --db postgres://portal:portal@127.0.0.1:54395/portal \
 *     [--n 1000000] [--batch 250000] [--reset] [--parties 200000]
 *
 * SO/job/HBL numbers follow the default rules (prefix + office + YYMM + 5 digits) with serials from 50001 in
 * each office-month, so numbers the portal allocates later (from 00001) never collide with them.
 */
import { containerCheckDigit } from '@portal/contracts';
import pg from 'pg';

export interface GenerateOptions {
  dbUrl: string;
  n: number;
  batch?: number;
  reset?: boolean;
  /** Bench parties added in the same run (default 200,000; 0 for none). */
  parties?: number;
  log?: (line: string) => void;
}

const TABLES = ['shipping_orders', 'so_containers', 'so_equipment'] as const;
const OFFICES = ['HKG', 'SZX', 'SHA', 'NGB'];
const ORIGINS = ['HKHKG', 'CNYTN', 'CNSHK', 'CNSHA', 'CNNGB', 'CNXMN', 'CNTAO', 'SGSIN'];
/** Destination port → final destination (inland points where the consignee is). */
const DESTINATIONS: [string, string][] = [
  ['USLAX', 'USLAX'],
  ['USLGB', 'USCHI'],
  ['USNYC', 'USNYC'],
  ['USSEA', 'USSEA'],
  ['USSAV', 'USHOU'],
  ['DEHAM', 'DEHAM'],
  ['NLRTM', 'NLAMS'],
  ['DEBRE', 'DEBRE'],
  ['BEANR', 'BEANR'],
  ['GBFXT', 'GBFXT'],
];
const CARRIERS: [string, string[]][] = [
  ['MAEU', ['MAERSK MC-KINNEY MOLLER', 'MAERSK ESSEN', 'MAERSK HANGZHOU']],
  ['MSCU', ['MSC GULSUN', 'MSC IRINA', 'MSC LORETO']],
  ['COSU', ['COSCO SHIPPING UNIVERSE', 'COSCO SHIPPING ARIES', 'COSCO SHIPPING LEO']],
  ['CMDU', ['CMA CGM JACQUES SAADE', 'CMA CGM MARCO POLO', 'CMA CGM TROCADERO']],
  ['HLCU', ['BERLIN EXPRESS', 'HAMBURG EXPRESS', 'AL ZUBARA']],
  ['ONEY', ['ONE INNOVATION', 'ONE STORK', 'ONE HARMONY']],
  ['EGLV', ['EVER ACE', 'EVER GIVEN', 'EVER ALOT']],
];
/** Owner codes of real container fleets (ISO 6346 owner + category U). */
const OWNERS = ['MSKU', 'MSCU', 'CSNU', 'CMAU', 'HLXU', 'ONEU', 'EGHU', 'TGHU', 'TCLU', 'FCIU'];
const SIZES = ['20GP', '40GP', '40HC', '40HC', '45HC'];
const COMMODITIES = [
  ['ELECTRONIC COMPONENTS', '8542'],
  ['LADIES KNITTED GARMENTS', '6104'],
  ['CERAMIC TABLEWARE', '6912'],
  ['WOODEN FURNITURE', '9403'],
  ['PLASTIC TOYS', '9503'],
  ['LED LIGHTING FIXTURES', '9405'],
  ['SPORTS FOOTWEAR', '6404'],
  ['KITCHEN APPLIANCES', '8516'],
];

/** Weighted sum of the 4 owner letters (ISO 6346: value × 2^position); serial digits are added in SQL. */
function ownerWeight(owner: string): number {
  const value = (ch: string) => {
    let v = 10;
    for (let c = 65; c < ch.charCodeAt(0); c++) {
      v++;
      if (v % 11 === 0) v++;
    }
    return v;
  };
  return [...owner].reduce((sum, ch, i) => sum + value(ch) * 2 ** i, 0);
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly (string | number)[]) =>
  `array[${xs.map((x) => (typeof x === 'number' ? String(x) : lit(x))).join(',')}]`;

/** Secondary indexes of the booking tables (not those backing constraints), to drop and rebuild. */
async function secondaryIndexes(db: pg.Client) {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def
       from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
    [TABLES],
  );
  return rows;
}

/** Ids of the demo parties by code (the generator books for them). */
async function partyIds(db: pg.Client, codes: string[]) {
  const { rows } = await db.query<{ party_code: string; party_id: number }>(
    'select party_code, party_id from parties where party_code = any($1)',
    [codes],
  );
  const ids = codes.map((c) => rows.find((r) => r.party_code === c)?.party_id);
  if (ids.some((id) => id === undefined)) {
    throw new Error(`demo parties missing (${codes.join(', ')}): start the portal once in demo mode first`);
  }
  return ids as number[];
}

/** The INSERT of shipping orders g = from..to (one statement per batch). */
function ordersSql(
  from: number,
  to: number,
  p: {
    shippers: number[];
    customers: number[];
    consignees: number[];
    agents: number[];
    userUid: string | null;
  },
) {
  const [pods, fds] = [DESTINATIONS.map((d) => d[0]), DESTINATIONS.map((d) => d[1])];
  const carriers = CARRIERS.map((c) => c[0]);
  const vessels = CARRIERS.flatMap((c) => c[1]);
  // Status by g % 100: CONFIRMED 38, NEW_E_BOOKING 14, NEW_MANUAL 12, CANCELLED 10, AMEND_PENDING 8,
  // RECOVERED 6, CANCEL_PENDING 6, then 6 more CONFIRMED (with SI submitted).
  return `
  insert into shipping_orders (
    so_no, job_no, hbl_no, po_no, master_so_no, user_uid, status, status_before_cancel, status_changed_at,
    is_e_booking, transport_mode, service_type, delivery_type, business_type,
    shipper_id, customer_id, consignee_id, notify_id, nomination_agent_id, release_agent_id, salesman,
    handling_office, por, pol, pod, pld, fd, etd, eta, cargo_ready_date,
    carrier_code, vessel_name, voyage, cfs_closing, cy_closing, vgm_closing, si_closing,
    incoterms, freight_term, is_dangerous, un_no, commodity, marks, goods_description,
    package_qty, package_unit, gross_weight, cbm, space_status, booking_condition,
    contract_type, contract_no, shipper_ref, transport_document,
    si_status, si_submitted_at, carrier_booking_status, carrier_submitted_at, confirmed_at, cancel_reason,
    created_at, created_by, updated_at, updated_by)
  select
    'SO' || office || yymm || lpad(serial::text, 5, '0'),
    case when confirmed then 'JB' || office || yymm || lpad(serial::text, 5, '0') end,
    case when confirmed then 'HB' || office || yymm || lpad(serial::text, 5, '0') end,
    'PO' || lpad((g * 7 % 9999991)::text, 7, '0'),
    case when g % 17 = 0 then 'SO' || office || yymm || lpad((serial - serial % 4)::text, 5, '0') end,
    case when e_booking then ${p.userUid ? `${lit(p.userUid)}::uuid` : 'null'} end,
    status,
    case when status = 'CANCEL_PENDING' then 'CONFIRMED' end,
    changed_at,
    e_booking,
    'SEA', case when g % 9 = 0 then 'LCL' else 'FCL' end,
    (array['P2P','P2P','P2D','D2P','D2D'])[1 + g % 5],
    case when g % 4 = 0 then 'NOMINATION' else 'FREEHAND' end,
    (${arr(p.shippers)})[1 + g % ${p.shippers.length}],
    (${arr(p.customers)})[1 + (g / 3) % ${p.customers.length}],
    (${arr(p.consignees)})[1 + (g / 7) % ${p.consignees.length}],
    case when g % 3 = 0 then (${arr(p.consignees)})[1 + (g / 11) % ${p.consignees.length}] end,
    case when g % 4 = 0 then (${arr(p.agents)})[1 + g % ${p.agents.length}] end,
    (${arr(p.agents)})[1 + (g / 5) % ${p.agents.length}],
    (array['JCHAN','MWONG','LLI','KTAM','SZHANG'])[1 + g % 5],
    office, pol, pol, pod, fd, fd, etd, etd + transit, etd - ready_gap,
    carrier, vessel, lpad((g % 900 + 100)::text, 3, '0') || (array['W','E','N','S'])[1 + g % 4],
    (etd - 3) + time '12:00', (etd - 2) + time '18:00', (etd - 2) + time '12:00', (etd - 3) + time '17:00',
    (array['FOB','FOB','CIF','EXW','FCA','DAP','CFR'])[1 + g % 7],
    case when g % 3 = 0 then 'COLLECT' else 'PREPAID' end,
    g % 50 = 0, case when g % 50 = 0 then '3480' end,
    commodity, 'N/M', commodity || ', HS ' || hs,
    50 + g % 950, (array['CTN','PLT','PKG','CTN'])[1 + g % 4],
    round((800 + (g % 20000))::numeric, 3), round((5 + (g % 600) / 10.0)::numeric, 3),
    case when confirmed then 'RELEASED_SO' when status = 'CANCELLED' then 'REJECTED' else (array['PENDING','REQUESTED'])[1 + g % 2] end,
    (array['NORMAL','NORMAL','NORMAL','URGENT','SPECIAL_EQUIPMENT'])[1 + g % 5],
    case when g % 2 = 0 then (array['SERVICE_CONTRACT','NAC','FAK','SPOT'])[1 + g % 4] end,
    case when g % 2 = 0 then 'SC' || lpad((g % 99991)::text, 6, '0') end,
    'REF' || g,
    (array['OBL','OBL','SWB','TELEX_RELEASE'])[1 + g % 4],
    case when si_done then 'SUBMITTED' else 'PENDING' end,
    case when si_done then changed_at + interval '2 hours' end,
    case when confirmed and g % 5 <> 0 then 'SUBMITTED' else 'NOT_SENT' end,
    case when confirmed and g % 5 <> 0 then changed_at - interval '1 day' end,
    case when confirmed then changed_at end,
    case when status = 'CANCELLED' then (array['Cargo not ready','Customer cancelled order','Rolled to next sailing'])[1 + g % 3] end,
    changed_at - interval '2 days', 'bench', changed_at, 'bench'
  from (
    select g, office, yymm, serial, pol, pod, fd, carrier, vessel, commodity, hs, etd, transit, ready_gap, status,
           status in ('CONFIRMED','AMEND_PENDING','CANCEL_PENDING') as confirmed,
           status in ('NEW_E_BOOKING','AMEND_PENDING','CANCEL_PENDING') or (status = 'CANCELLED' and g % 2 = 0) as e_booking,
           status = 'CONFIRMED' and (g % 100 >= 94 or g % 3 = 0) as si_done,
           -- ageing clock: pending lists see minutes to 3 days (green, yellow, red), the rest up to 10 days
           now() - make_interval(mins => (case when status in ('NEW_E_BOOKING','NEW_MANUAL','AMEND_PENDING','CANCEL_PENDING')
                                             then (g::bigint * 7919) % (72 * 60) else (g::bigint * 7919) % (240 * 60) end)::int) as changed_at
    from (
      select g,
             (${arr(OFFICES)})[1 + g % ${OFFICES.length}] as office,
             to_char(date_trunc('month', now()) - make_interval(months => (g / ${OFFICES.length}) % 24), 'YYMM') as yymm,
             50000 + g / ${OFFICES.length * 24} + 1 as serial,
             (${arr(ORIGINS)})[1 + (g / 2) % ${ORIGINS.length}] as pol,
             (${arr(pods)})[1 + (g / 3) % ${pods.length}] as pod,
             (${arr(fds)})[1 + (g / 3) % ${fds.length}] as fd,
             (${arr(carriers)})[1 + (g / 5) % ${carriers.length}] as carrier,
             (${arr(vessels)})[1 + (g / 5) % ${carriers.length} * 3 + g % 3] as vessel,
             (${arr(COMMODITIES.map((c) => c[0]))})[1 + g % ${COMMODITIES.length}] as commodity,
             (${arr(COMMODITIES.map((c) => c[1]))})[1 + g % ${COMMODITIES.length}] as hs,
             (current_date - 365 + ((g * 37) % 456))::date as etd,
             14 + g % 22 as transit,
             2 + g % 9 as ready_gap,
             case when g % 100 < 38 then 'CONFIRMED' when g % 100 < 52 then 'NEW_E_BOOKING'
                  when g % 100 < 64 then 'NEW_MANUAL' when g % 100 < 74 then 'CANCELLED'
                  when g % 100 < 82 then 'AMEND_PENDING' when g % 100 < 88 then 'RECOVERED'
                  when g % 100 < 94 then 'CANCEL_PENDING' else 'CONFIRMED' end as status
        from generate_series(${from}, ${to}) g
    ) base
  ) s`;
}

/** Containers (1-3 per order; numbers once the booking is confirmed or later) and requested equipment. */
function linesSql(fromId: number, toId: number) {
  const owners = arr(OWNERS);
  const weights = arr(OWNERS.map(ownerWeight));
  // container sequence k = so_id * 3 + line: owner = OWNERS[k / 1e6 % 10], serial = k % 1e6; check digit =
  // (owner weight + Σ serial digit × 2^(4..9)) mod 11 mod 10.
  return [
    `insert into so_containers (so_id, line_no, container_no, size_type, seal_no, carrier_booking_no,
                                package_qty, gross_weight, cbm, cy_gate_in_at, vgm_weight, vgm_method)
     select so.so_id, l.line, case when numbered then owner || lpad(ser::text, 6, '0') || (
              (w + (ser / 100000) % 10 * 16 + (ser / 10000) % 10 * 32 + (ser / 1000) % 10 * 64
                 + (ser / 100) % 10 * 128 + (ser / 10) % 10 * 256 + ser % 10 * 512) % 11 % 10)::text end,
            (${arr(SIZES)})[1 + (so.so_id + l.line) % ${SIZES.length}],
            case when numbered then 'SL' || lpad(((so.so_id * 13 + l.line) % 9999991)::text, 7, '0') end,
            case when numbered then so.carrier_code || lpad((so.so_id % 99999991)::text, 8, '0') end,
            so.package_qty / n, round(so.gross_weight / n, 3), round(so.cbm / n, 3),
            case when numbered and so.etd < current_date then (so.etd - 2) + time '09:30' end,
            case when numbered then round(so.gross_weight / n + 2200, 3) end,
            case when numbered then 'SM1' end
       from shipping_orders so
       cross join lateral (select 1 + so.so_id % 3 as n,
                                  so.status in ('CONFIRMED','AMEND_PENDING','CANCEL_PENDING','RECOVERED') as numbered) c
       cross join lateral generate_series(1, c.n) l(line)
       cross join lateral (select so.so_id::bigint * 3 + l.line as k) kk
       cross join lateral (select (${owners})[1 + (kk.k / 1000000) % ${OWNERS.length}] as owner,
                                  (${weights})[1 + (kk.k / 1000000) % ${OWNERS.length}] as w,
                                  kk.k % 1000000 as ser) o
      where so.so_id between ${fromId} and ${toId}`,
    `insert into so_equipment (so_id, line_no, size_type, qty)
     select so.so_id, 1, (${arr(SIZES)})[1 + (so.so_id + 1) % ${SIZES.length}], 1 + so.so_id % 3
       from shipping_orders so where so.so_id between ${fromId} and ${toId}`,
  ];
}

/**
 * Adds `total` bench parties (codes BP0000001…, all approved statuses spread as in real data) in one
 * set-based INSERT, for the party list figures of the same run. Names come from word lists so trigram search
 * and similarity see realistic text; every 20th party is in NL. Existing BP… parties are replaced.
 */
export async function generateParties(db: pg.Client, total: number) {
  await db.query("delete from parties where party_code like 'BP%' and created_by = 'bench'");
  await db.query(`
    insert into parties (party_code, party_type, short_name, full_name, address1, city, country_code, tel,
                         address_type, contact_type, ledger_code, tax_id, requester_remarks, approval_status,
                         credit_limit, created_by, updated_by)
    select 'BP' || lpad(g::text, 7, '0'),
           (array['SHIPPER','CONSIGNEE','AGENT','CUSTOMER','NOTIFY'])[1 + g % 5],
           w1 || ' ' || w2,
           w1 || ' ' || w2 || ' ' || w3 || ' ' || (array['Co., Ltd.','Limited','GmbH','B.V.','Inc.','LLC'])[1 + g % 6] || ' ' || g,
           'No. ' || (g % 900 + 1) || ' ' || w2 || ' ' || (array['Road','Street','Avenue','Weg','Strasse'])[1 + g % 5],
           city, cc, '+852' || lpad((g % 100000000)::text, 8, '0'), 'BUSINESS', 'PRIMARY',
           'L' || (g % 9000 + 1000), cc || g, 'bench',
           (array['P','MA','MR','AR','SP','SH','SH','SH','SR','CP','CH','CR'])[1 + g % 12],
           (g % 4) * 10000, 'bench', 'bench'
      from (select g,
                   (array['Pacific','Golden','Oriental','Harbour','Atlantic','Nordic','Bright','Silver','Eastern','Royal','Grand','United'])[1 + g % 12] as w1,
                   (array['Star','Dragon','Ocean','Bridge','Lotus','River','Mountain','Phoenix','Crown','Harvest','Pearl','Summit','Delta'])[1 + (g / 12) % 13] as w2,
                   (array['Electronics','Garments','Logistics','Trading','Homeware','Textiles','Machinery','Foods','Furniture','Toys','Ceramics'])[1 + (g / 156) % 11] as w3,
                   case when g % 20 = 0 then 'NL' else (array['HK','CN','US','DE','CN','HK','US','CN','DE','HK','CN','US','HK','CN','DE','US','HK','CN','US'])[1 + g % 19] end as cc,
                   (array['Hong Kong','Shenzhen','Los Angeles','Hamburg','Ningbo','Kowloon','New York','Shanghai','Munich','Tsuen Wan','Xiamen','Chicago','Kwai Chung','Guangzhou','Bremen','Seattle','Sha Tin','Qingdao','Houston'])[1 + g % 19] as city
              from generate_series(1, ${total}) g) s`);
  await db.query('vacuum analyze parties');
}

/** Loads N bookings; answers counts and timings. */
export async function generateBookings({
  dbUrl,
  n,
  batch = 250_000,
  reset = false,
  parties = 200_000,
  log = console.log,
}: GenerateOptions) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  try {
    await db.query("set synchronous_commit = off; set maintenance_work_mem = '256MB'");
    await db.query('set max_parallel_maintenance_workers = 2').catch(() => undefined);
    const existing = Number((await db.query('select count(*) from shipping_orders')).rows[0].count);
    if (existing > 0 && !reset)
      throw new Error(`shipping_orders holds ${existing} rows; pass --reset to replace them`);
    if (reset) await db.query(`truncate ${TABLES.join(', ')} restart identity cascade`);
    const shippers = await partyIds(db, ['CNSZX001', 'HKSHP001', 'CNNGB001', 'CNXMN001']);
    const customers = await partyIds(db, ['HKCUS001', 'CNSZX001', 'HKSHP001']);
    const consignees = await partyIds(db, [
      'USLAX001',
      'USNYC001',
      'USSEA001',
      'DEMUC001',
      'DEBRE001',
      'NLAMS001',
    ]);
    const agents = await partyIds(db, ['CNSHA001', 'DEHAM001', 'NLRTM001', 'USCHI001', 'HKAGT002']);
    const { rows: users } = await db.query<{ user_uid: string }>(
      "select user_uid from users where lower(login_id) = 'shipper@demo.test'",
    );
    const indexes = await secondaryIndexes(db);
    for (const ix of indexes) await db.query(`drop index if exists "${ix.name}"`);
    log(`[generate] dropped ${indexes.length} secondary indexes (${since()})`);
    // Party foreign keys are checked row by row; the generator only uses existing demo parties.
    const replica = await db
      .query('set session_replication_role = replica')
      .then(() => true)
      .catch(() => false);
    const params = { shippers, customers, consignees, agents, userUid: users[0]?.user_uid ?? null };
    for (let from = 1; from <= n; from += batch) {
      const to = Math.min(n, from + batch - 1);
      await db.query('begin');
      const ids = await db.query<{ lo: number; hi: number }>(
        `with ins as (${ordersSql(from, to, params)} returning so_id) select min(so_id) lo, max(so_id) hi from ins`,
      );
      for (const q of linesSql(ids.rows[0].lo, ids.rows[0].hi)) await db.query(q);
      await db.query('commit');
      log(`[generate] ${to.toLocaleString('en')} / ${n.toLocaleString('en')} bookings (${since()})`);
    }
    if (replica) await db.query('set session_replication_role = origin');
    const tIndex = performance.now();
    for (const ix of indexes) await db.query(ix.def);
    const indexSeconds = (performance.now() - tIndex) / 1000;
    log(`[generate] rebuilt ${indexes.length} indexes in ${indexSeconds.toFixed(1)} s (${since()})`);
    for (const t of TABLES) await db.query(`vacuum analyze ${t}`);
    if (parties > 0) {
      const tParties = performance.now();
      await generateParties(db, parties);
      log(
        `[generate] ${parties.toLocaleString('en')} parties in ${((performance.now() - tParties) / 1000).toFixed(1)} s`,
      );
    }
    const counts = (
      await db.query<{
        orders: string;
        containers: string;
        numbered: string;
        confirmed: string;
        parties: string;
      }>(
        `select (select count(*) from shipping_orders) orders, (select count(*) from so_containers) containers,
                (select count(*) from parties) parties,
                (select count(container_no) from so_containers) numbered,
                (select count(*) from shipping_orders where hbl_no is not null) confirmed`,
      )
    ).rows[0];
    // Every container number must pass the product's own ISO 6346 check.
    const sample = await db.query<{ container_no: string }>(
      'select container_no from so_containers where container_no is not null order by random() limit 2000',
    );
    const bad = sample.rows.filter(
      (r) => containerCheckDigit(r.container_no.slice(0, 10)) !== Number(r.container_no[10]),
    );
    if (bad.length)
      throw new Error(`invalid container numbers generated: ${bad.slice(0, 3).map((r) => r.container_no)}`);
    const seconds = (performance.now() - t0) / 1000;
    log(`[generate] done in ${seconds.toFixed(1)} s; checked ${sample.rows.length} container numbers`);
    return {
      orders: Number(counts.orders),
      containers: Number(counts.containers),
      containerNumbers: Number(counts.numbered),
      withHbl: Number(counts.confirmed),
      parties: Number(counts.parties),
      seconds: Number(seconds.toFixed(1)),
      indexSeconds: Number(indexSeconds.toFixed(1)),
    };
  } finally {
    await db.end();
  }
}

/** `--name value` from the command line. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!dbUrl) {
    console.error('usage: booking-generate.ts --db <postgres url> [--n 1000000] [--batch 250000] [--reset]');
    process.exit(2);
  }
  const figures = await generateBookings({
    dbUrl,
    n: Number(arg('n') ?? 1_000_000),
    batch: Number(arg('batch') ?? 250_000),
    reset: process.argv.includes('--reset'),
    parties: Number(arg('parties') ?? 200_000),
  });
  console.table(figures);
}
