/**
 * Generates consol plans over the bookings the booking generator made (default 100,000 plans over 1,000,000
 * bookings), straight into PostgreSQL with set-based SQL, for the consolidation bench:
 * - the plan's shipping orders: confirmed or recovered sea bookings, 3 per plan, grouped by POL/POD and
 *   ETD (so a plan's SOs share its lane, as the rules want); they become LCL, consolidatable cargo of
 *   1-21 CBM and 0.1-5 t with one LCL-CBM size and one LCL container line (replacing the FCL lines);
 * - plans in every status (approved most, then plan/advice/request/pending, some rejected, cancelled and
 *   recovered), every consol type with its customer party from the SOs, ageing clocks from minutes to
 *   10 days, ETDs from the SOs, 3% amended, 70% fully allocated (each SO whole in its container);
 * - one 40HQ per plan (two when the cargo exceeds one), container numbers with valid ISO 6346 check
 *   digits, seals and carrier booking numbers once the plan has left PLAN/RECOVERED; a proposed sailing for
 *   the plans that went to the customer;
 * - the planned SOs' shipping_orders.in_consol_plan set, as the product's plan writes set it.
 * Secondary indexes of the consolidation tables are dropped during the load and rebuilt afterwards, then
 * the tables are analysed.
 *
 *   node --import tsx bench/src/consolidation-generate.ts --db postgres://portal:portal@127.0.0.1:54395/portal \
 *     [--plans 100000]
 */
import { containerCheckDigit } from '@portal/contracts';
import pg from 'pg';
import { arg } from './booking-generate';

export interface ConsolGenerateOptions {
  dbUrl: string;
  plans: number;
  log?: (line: string) => void;
}

/** The booking tables the generator rewrites for the planned SOs (their indexes are rebuilt afterwards too). */
const SO_TABLES = ['shipping_orders', 'so_containers', 'so_equipment', 'so_hs_lines'] as const;
const TABLES = [
  'consol_plans',
  'consol_equipment',
  'consol_sos',
  'consol_containers',
  'consol_allocations',
  'consol_proposals',
] as const;
/** Owner codes of the plans' boxes (ISO 6346 owner + category U). */
const OWNERS = ['CSNU', 'TEMU', 'BMOU', 'TGHU', 'SEGU'];

/** Weighted sum of the 4 owner letters (ISO 6346: value × 2^position); serial digits are added in SQL. */
export function ownerWeight(owner: string): number {
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
const arr = (xs: readonly (string | number)[]) =>
  `array[${xs.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(',')}]`;

/** Secondary indexes of the consolidation tables (not those backing constraints), to drop and rebuild. */
async function secondaryIndexes(db: pg.Client) {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def
       from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
    // Updating 300,000 SOs under shipping_orders' ~30 indexes (a trigram GIN among them) took over 15 minutes
    // on the shared runner; dropped and rebuilt, the indexes cost a few minutes.
    [[...TABLES, ...SO_TABLES]],
  );
  return rows;
}

/** Loads the plans; answers counts and timings. */
export async function generateConsolidations({ dbUrl, plans, log = console.log }: ConsolGenerateOptions) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  try {
    await db.query("set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'");
    await db.query(`truncate ${TABLES.join(', ')} restart identity cascade`);
    const indexes = await secondaryIndexes(db);
    for (const ix of indexes) await db.query(`drop index if exists "${ix.name}"`);
    log(`[consol-generate] dropped ${indexes.length} secondary indexes (${since()})`);
    await db.query('begin');
    // The plans of an earlier run are gone: their SOs are no longer flagged as planned (the flag that
    // pending_consolidation_creation's partial indexes read; the product keeps it in every plan write).
    await db.query('update shipping_orders set in_consol_plan = false where in_consol_plan');
    // 1. the SOs of each plan: 3 confirmed/recovered sea bookings of one lane, neighbours by ETD
    await db.query(
      `
      create temp table pick on commit drop as
      select so_id, plan_no, line_no from (
        select so_id, dense_rank() over (order by pol, pod, grp) as plan_no,
               row_number() over (partition by pol, pod, grp order by so_id) as line_no
          from (select so_id, pol, pod,
                       (row_number() over (partition by pol, pod order by etd, so_id) - 1) / 3 as grp
                  from shipping_orders
                 where status in ('CONFIRMED', 'RECOVERED') and transport_mode = 'SEA') s
      ) g where plan_no <= $1`,
      [plans],
    );
    await db.query('create index on pick (so_id)');
    await db.query('analyze pick');
    const made = Number((await db.query('select count(distinct plan_no) n from pick')).rows[0].n);
    log(`[consol-generate] ${made.toLocaleString('en')} plans' SOs picked (${since()})`);
    // 2. they become LCL consolidatable cargo with one LCL-CBM size and one LCL container line
    await db.query(`
      update shipping_orders so set service_type = 'LCL', is_consolidatable = true,
             cbm = round((1 + (so.so_id % 200) / 10.0)::numeric, 3),
             gross_weight = round((100 + so.so_id % 4900)::numeric, 3)
        from pick p where p.so_id = so.so_id`);
    await db.query('delete from so_equipment e using pick p where p.so_id = e.so_id');
    await db.query(`insert into so_equipment (so_id, line_no, size_type, qty)
      select so.so_id, 1, 'LCL-CBM', ceil(so.cbm)::int from shipping_orders so join pick p on p.so_id = so.so_id`);
    await db.query('delete from so_containers c using pick p where p.so_id = c.so_id');
    await db.query(`insert into so_containers (so_id, line_no, size_type, seal_no, carrier_booking_no, package_qty, gross_weight, cbm)
      select so.so_id, 1, 'LCL-CBM', 'CFS', so.carrier_code || lpad((so.so_id % 99999991)::text, 8, '0'),
             so.package_qty, so.gross_weight, so.cbm
        from shipping_orders so join pick p on p.so_id = so.so_id`);
    // Cargo by HS code (the master bill's DCSA export needs one per SO): the 4-digit heading of the goods.
    await db.query('delete from so_hs_lines h using pick p where p.so_id = h.so_id');
    await db.query(`insert into so_hs_lines (so_id, line_no, hs_code, description, package_qty, gross_weight, cbm)
      select so.so_id, 1, coalesce(substring(so.goods_description from 'HS (\\d{4})'), '9403') || '00',
             so.commodity, so.package_qty, so.gross_weight, so.cbm
        from shipping_orders so join pick p on p.so_id = so.so_id`);
    log(`[consol-generate] SOs made LCL (${since()})`);
    // 3. the plans, one row per plan from its first SO; status by plan_no % 100
    await db.query(`
      insert into consol_plans (consol_id, consol_no, consol_type, customer_party_id, contact_office, handling_office,
        hbl_office, pol, pod, etd, reference, agent_ref, remarks, status, status_changed_at, approval_reason,
        amended_at, fully_allocated, created_at, created_by, updated_at, updated_by)
      select n, 'CN' || so.handling_office || to_char(so.etd, 'YYMM') || lpad(n::text, 6, '0'), t.consol_type,
             case t.consol_type when 'BUYER' then so.consignee_id when 'SHIPPER' then so.shipper_id
                                else so.release_agent_id end,
             so.handling_office, so.handling_office, so.handling_office, so.pol, so.pod, so.etd,
             'CR-' || n, case when n % 4 = 0 then 'AR-' || n end, null,
             st.status, changed_at,
             case when st.status in ('REJECTED', 'CANCELLED') then 'Sailing rolled by the carrier' end,
             case when n % 33 = 0 and st.status <> 'CANCELLED' then changed_at + interval '1 hour' end,
             st.status <> 'CANCELLED' and n % 10 < 7, changed_at - interval '1 day', 'bench', changed_at, 'bench'
        from (select plan_no as n, min(so_id) as so_id from pick group by plan_no) f
        join shipping_orders so on so.so_id = f.so_id
        cross join lateral (select (array['AGENT','AGENT','BUYER','SHIPPER','LCL_COLOAD'])[1 + n % 5] as consol_type) t
        cross join lateral (select case when n % 100 < 15 then 'PLAN' when n % 100 < 25 then 'REQUEST_FOR_APPROVAL'
                                        when n % 100 < 35 then 'PENDING_CUSTOMER' when n % 100 < 70 then 'APPROVED'
                                        when n % 100 < 75 then 'REJECTED' when n % 100 < 90 then 'CONSOL_ADVICE'
                                        when n % 100 < 95 then 'CANCELLED' else 'RECOVERED' end as status) st
        cross join lateral (select now() - make_interval(mins => ((n::bigint * 7919) % (240 * 60))::int) as changed_at) c`);
    await db.query(
      `select setval(pg_get_serial_sequence('consol_plans', 'consol_id'), (select max(consol_id) from consol_plans))`,
    );
    // Cancelled plans released their SOs: they stay out of consol_sos (back on pending creation).
    await db.query(`insert into consol_sos (consol_id, so_id, line_no)
      select p.plan_no, p.so_id, p.line_no from pick p join consol_plans cp on cp.consol_id = p.plan_no
       where cp.status <> 'CANCELLED'`);
    await db.query(
      `update shipping_orders so set in_consol_plan = true from consol_sos cs where cs.so_id = so.so_id`,
    );
    await db.query(`update consol_sos cs set amended_changes = '{"cbm":{"from":"10.000","to":"11.500"}}'::jsonb,
             amended_at = cp.amended_at
        from consol_plans cp where cp.consol_id = cs.consol_id and cp.amended_at is not null and cs.line_no = 1`);
    // 4. sizes and containers: one 40HQ (76.3 CBM, 26,500 kg), two when the cargo does not fit one
    await db.query(`
      create temp table load on commit drop as
      select cs.consol_id, sum(so.cbm) cbm, sum(so.gross_weight) kg
        from consol_sos cs join shipping_orders so on so.so_id = cs.so_id group by cs.consol_id`);
    await db.query(`insert into consol_equipment (consol_id, line_no, size_type, qty)
      select cp.consol_id, 1, '40HQ', case when coalesce(l.cbm, 0) > 76.3 or coalesce(l.kg, 0) > 26500 then 2 else 1 end
        from consol_plans cp left join load l on l.consol_id = cp.consol_id`);
    const owners = arr(OWNERS);
    const weights = arr(OWNERS.map(ownerWeight));
    await db.query(`
      insert into consol_containers (consol_id, seq, size_type, container_no, seal_no, ownership, carrier_booking_no,
                                     vgm_kg, actual_kg, cy_gate_in_at, cfs_received_at)
      select e.consol_id, s.seq, e.size_type,
             case when sealed then owner || lpad(ser::text, 6, '0') || (
               (w + (ser / 100000) % 10 * 16 + (ser / 10000) % 10 * 32 + (ser / 1000) % 10 * 64
                  + (ser / 100) % 10 * 128 + (ser / 10) % 10 * 256 + ser % 10 * 512) % 11 % 10)::text end,
             case when sealed then 'CS' || lpad((e.consol_id * 2 + s.seq)::text, 8, '0') end, 'COC',
             case when sealed then 'COSU' || lpad((e.consol_id % 99999991)::text, 8, '0') end,
             case when sealed then round(coalesce(l.kg, 0) / e.qty + 3900, 3) end,
             case when sealed then round(coalesce(l.kg, 0) / e.qty + 3900, 3) end,
             case when sealed and cp.etd < current_date then (cp.etd - 2) + time '09:30' end,
             case when sealed then (cp.etd - 4) + time '14:00' end
        from consol_equipment e
        join consol_plans cp on cp.consol_id = e.consol_id
        left join load l on l.consol_id = e.consol_id
        cross join lateral generate_series(1, e.qty) s(seq)
        cross join lateral (select cp.status not in ('PLAN', 'RECOVERED') as sealed,
                                   e.consol_id::bigint * 2 + s.seq as k) kk
        cross join lateral (select (${owners})[1 + (kk.k / 1000000) % ${OWNERS.length}] as owner,
                                   (${weights})[1 + (kk.k / 1000000) % ${OWNERS.length}] as w,
                                   kk.k % 1000000 as ser) o`);
    // 5. allocations of the fully allocated plans: each SO whole, first container with room (seq 1 or 2)
    await db.query(`
      insert into consol_allocations (consol_id, so_id, container_seq, package_qty, cbm, kg, loading_seq)
      select cs.consol_id, cs.so_id,
             case when e.qty > 1 and sum(so.cbm) over w > 76.3 then 2 else 1 end,
             so.package_qty, so.cbm, so.gross_weight, cs.line_no
        from consol_sos cs
        join consol_plans cp on cp.consol_id = cs.consol_id and cp.fully_allocated
        join consol_equipment e on e.consol_id = cs.consol_id
        join shipping_orders so on so.so_id = cs.so_id
      window w as (partition by cs.consol_id order by cs.line_no)`);
    // 6. a proposed sailing (with the SO's carrier) for plans that went to the customer
    const sailing = Number(
      (await db.query('select coalesce(min(sailing_schedule_id), 1) id from sailing_schedules')).rows[0].id,
    );
    await db.query(
      `insert into consol_proposals (consol_id, seq, sailing_id, rate_id, carrier_code, vessel_name, voyage, pol, pod,
                                     etd, eta, currency, total_rate, is_selected, created_by)
       select cp.consol_id, 1, $1, null, coalesce(so.carrier_code, 'COSU'), coalesce(so.vessel_name, 'COSCO SHIPPING LEO'),
              coalesce(so.voyage, '001E'), cp.pol, cp.pod, cp.etd, so.eta, 'USD', 3250.0000,
              cp.status in ('APPROVED', 'CONSOL_ADVICE'), 'bench'
         from consol_plans cp
         join consol_sos cs on cs.consol_id = cp.consol_id and cs.line_no = 1
         join shipping_orders so on so.so_id = cs.so_id
        where cp.status in ('PENDING_CUSTOMER', 'APPROVED', 'REJECTED', 'CONSOL_ADVICE', 'REQUEST_FOR_APPROVAL')`,
      [sailing],
    );
    await db.query('commit');
    log(`[consol-generate] plans, SOs, containers, allocations and proposals written (${since()})`);
    const tIndex = performance.now();
    for (const ix of indexes) await db.query(ix.def);
    const indexSeconds = (performance.now() - tIndex) / 1000;
    log(`[consol-generate] rebuilt ${indexes.length} indexes in ${indexSeconds.toFixed(1)} s (${since()})`);
    for (const t of [...TABLES, ...SO_TABLES]) await db.query(`vacuum analyze ${t}`);
    const counts = (
      await db.query<Record<string, string>>(
        `select (select count(*) from consol_plans) plans, (select count(*) from consol_sos) sos,
                (select count(*) from consol_containers) containers,
                (select count(*) from consol_allocations) allocations,
                (select count(*) from consol_plans where fully_allocated) fully_allocated`,
      )
    ).rows[0];
    const sample = await db.query<{ container_no: string }>(
      'select container_no from consol_containers where container_no is not null order by random() limit 2000',
    );
    const bad = sample.rows.filter(
      (r) => containerCheckDigit(r.container_no.slice(0, 10)) !== Number(r.container_no[10]),
    );
    if (bad.length)
      throw new Error(`invalid container numbers generated: ${bad.slice(0, 3).map((r) => r.container_no)}`);
    const seconds = (performance.now() - t0) / 1000;
    log(`[consol-generate] done in ${seconds.toFixed(1)} s; checked ${sample.rows.length} container numbers`);
    return {
      plans: Number(counts.plans),
      sos: Number(counts.sos),
      containers: Number(counts.containers),
      allocations: Number(counts.allocations),
      fullyAllocated: Number(counts.fully_allocated),
      seconds: Number(seconds.toFixed(1)),
      indexSeconds: Number(indexSeconds.toFixed(1)),
    };
  } catch (e) {
    await db.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await db.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!dbUrl) {
    console.error('usage: consolidation-generate.ts --db <postgres url> [--plans 100000]');
    process.exit(2);
  }
  console.table(await generateConsolidations({ dbUrl, plans: Number(arg('plans') ?? 100_000) }));
}
