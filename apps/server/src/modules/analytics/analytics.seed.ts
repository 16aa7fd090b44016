import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import {
  DEMO_OFFICE_POLS,
  DEMO_OFFICES,
  type DemoOffice,
  seededRandom,
  tableColumns,
} from '../../platform/seed/demo-data';
import { DEMO_OPS_NAME } from '../../platform/seed/demo-people';
import { rebuildAnalytics } from './analytics.refresh';

/**
 * Twelve months of bookings for the analytics pages (docs/analytics.md "Demo data"): 36 orders a month over the
 * five offices, seven carriers, a dozen lanes, sea FCL and LCL and air, e-booking share growing over the year,
 * confirm times from hours to days, a few cancellations, and this month's orders still pending. Orders
 * `ANH…`, cloned from a demo order with one INSERT (bulk SQL, well under a second); the demo seed then
 * rebuilds the shipment facts and cubes from every order any seed wrote.
 */

const PODS = ['USLAX', 'USLGB', 'USNYC', 'DEHAM', 'NLRTM', 'GBFXT', 'AUSYD'];
const AIR_PODS = ['USLAX', 'USNYC', 'DEHAM', 'GBFXT'];
const CARRIERS = ['MAEU', 'MSCU', 'COSU', 'CMDU', 'HLCU', 'ONEY', 'EGLV'];
/** Some carriers carry more than others (a realistic long tail). */
const CARRIER_WEIGHTS = [5, 4, 4, 3, 2, 1, 1];
const CUSTOMERS = ['HKCUS001', 'HKSHP001', 'CNNGB001', 'CNXMN001', 'CNSZX001', 'USLAX001', 'USNYC001'];
const AGENTS = ['DEHAM001', 'NLRTM001', 'USCHI001', 'CNSHA001'];
const PER_MONTH = 36;

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const DAY = 86_400_000;

/** Order columns an analytics clone sets itself (all taken from the clone, nulls included). */
const SET: Record<string, string> = {
  so_no: 'text',
  job_no: 'text',
  hbl_no: 'text',
  status: 'text',
  status_changed_at: 'timestamptz',
  is_e_booking: 'boolean',
  transport_mode: 'text',
  service_type: 'text',
  customer_id: 'int',
  shipper_id: 'int',
  nomination_agent_id: 'int',
  release_agent_id: 'int',
  handling_office: 'text',
  pol: 'text',
  pod: 'text',
  pld: 'text',
  fd: 'text',
  etd: 'date',
  eta: 'date',
  cargo_ready_date: 'date',
  carrier_code: 'text',
  cbm: 'numeric',
  gross_weight: 'numeric',
  confirmed_at: 'timestamptz',
  cancel_reason: 'text',
  sailing_id: 'int',
  rate_id: 'int',
  master_so_no: 'text',
  approval_status: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

/** Seeds the history once (skipped when ANH orders exist, and in the API tests' template database). */
export async function seedDemoAnalyticsHistory(db: Db, now = new Date(), opts: { inTests?: boolean } = {}) {
  if (!process.env.VITEST || opts.inTests) await seedOrders(db, now);
  await rebuildAnalytics(db);
}

async function seedOrders(db: Db, now: Date) {
  const { rows: done } = await db.execute(sql`select 1 from shipping_orders where so_no like 'ANH%' limit 1`);
  if (done.length) return;
  const { rows: tpl } = await db.execute<{ so_id: number }>(
    sql`select so_id from shipping_orders where status = 'CONFIRMED' order by so_id limit 1`,
  );
  if (!tpl[0]) return;
  const { rows: ps } = await db.execute<{ party_id: number; party_code: string }>(sql`
    select party_id, party_code from parties where party_code = any(${sql.param([...CUSTOMERS, ...AGENTS])}::text[])`);
  const party = new Map(ps.map((p) => [p.party_code, p.party_id]));
  const customers = CUSTOMERS.filter((c) => party.has(c));
  const agents = AGENTS.filter((c) => party.has(c));
  if (!customers.length) return;

  const rand = seededRandom(20261117);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const weighted = () => {
    let r = rand() * CARRIER_WEIGHTS.reduce((a, b) => a + b, 0);
    for (let i = 0; i < CARRIERS.length; i++) {
      r -= CARRIER_WEIGHTS[i] as number;
      if (r < 0) return CARRIERS[i] as string;
    }
    return CARRIERS[0] as string;
  };
  const clones: Record<string, string | number | boolean | null>[] = [];
  const equipment: { so_no: string; size_type: string; qty: number }[] = [];
  for (let back = 11; back >= 0; back--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const yymm = `${String(start.getUTCFullYear()).slice(2)}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    const daysIn = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
    // Volume grows through the year, the e-booking share with it (15 % → 60 %).
    const n = PER_MONTH - Math.floor(back / 2);
    const eShare = 0.6 - back * 0.04;
    for (let i = 1; i <= n; i++) {
      const office = DEMO_OFFICES[i % DEMO_OFFICES.length] as DemoOffice;
      const r = rand();
      const mode = r < 0.2 ? 'AIR' : 'SEA';
      const service = mode === 'AIR' ? 'LCL' : r < 0.7 ? 'FCL' : 'LCL';
      const etd = new Date(start.getTime() + Math.floor(rand() * daysIn) * DAY);
      const created = new Date(
        etd.getTime() - (7 + Math.floor(rand() * 21)) * DAY - Math.floor(rand() * 86_400) * 1000,
      );
      const ebook = rand() < eShare;
      // This month's orders that have not sailed are partly still pending; the past is mostly confirmed.
      const future = etd.getTime() > now.getTime() - 2 * DAY;
      const s = rand();
      const status =
        s < 0.07 ? 'CANCELLED' : future && s < 0.45 ? (ebook ? 'NEW_E_BOOKING' : 'NEW_MANUAL') : 'CONFIRMED';
      // Manual orders are confirmed within hours; e-bookings wait for operations (hours to three days).
      const hours = ebook ? 2 + Math.floor(rand() * 70) : 1 + Math.floor(rand() * 10);
      const confirmed =
        status === 'CONFIRMED'
          ? new Date(Math.min(created.getTime() + hours * 3_600_000, now.getTime()))
          : null;
      const cbm = service === 'FCL' ? 25 + Math.floor(rand() * 40) : 1 + Math.floor(rand() * 14);
      const kg = mode === 'AIR' ? 80 + Math.floor(rand() * 1200) : cbm * (160 + Math.floor(rand() * 140));
      const pod = mode === 'AIR' ? pick(AIR_PODS) : pick(PODS);
      const soNo = `ANH${yymm}${office}${String(i).padStart(3, '0')}`;
      const agent = rand() < 0.8 ? party.get(pick(agents)) : null;
      const at = (d: Date | null) => (d ? d.toISOString() : null);
      clones.push({
        tpl: tpl[0].so_id,
        so_no: soNo,
        job_no: confirmed ? `ANHJ${yymm}${office}${String(i).padStart(3, '0')}` : null,
        hbl_no: null,
        status,
        status_changed_at: at(confirmed ?? created),
        is_e_booking: ebook,
        transport_mode: mode,
        service_type: service,
        customer_id: party.get(pick(customers)) ?? null,
        shipper_id: party.get(pick(customers)) ?? null,
        nomination_agent_id: rand() < 0.3 ? (party.get(pick(agents)) ?? null) : null,
        release_agent_id: agent ?? null,
        handling_office: office,
        pol: pick(DEMO_OFFICE_POLS[office]),
        pod,
        pld: pod,
        fd: pod,
        etd: ymd(etd),
        eta: ymd(new Date(etd.getTime() + (mode === 'AIR' ? 2 : 18 + Math.floor(rand() * 14)) * DAY)),
        cargo_ready_date: ymd(new Date(etd.getTime() - 4 * DAY)),
        carrier_code: mode === 'AIR' ? null : status === 'CONFIRMED' || rand() < 0.5 ? weighted() : null,
        cbm,
        gross_weight: kg,
        confirmed_at: at(confirmed),
        cancel_reason: status === 'CANCELLED' ? 'Customer cancelled order' : null,
        sailing_id: null,
        rate_id: null,
        master_so_no: null,
        approval_status: null,
        created_at: at(created),
        updated_at: at(confirmed ?? created),
      });
      if (service === 'FCL')
        equipment.push({
          so_no: soNo,
          size_type: rand() < 0.6 ? '40HQ' : '20GP',
          qty: 1 + Math.floor(rand() * 3),
        });
    }
  }
  const cols = await tableColumns(db, 'shipping_orders', 'so_id');
  const recDef = ['tpl int', ...Object.entries(SET).map(([c, t]) => `${c} ${t}`)].join(', ');
  const select = cols.map((c) => (c in SET ? `v.${c}` : `t.${c}`)).join(', ');
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into shipping_orders (${sql.raw(cols.join(', '))})
      select ${sql.raw(select)}
        from jsonb_to_recordset(${JSON.stringify(clones)}::jsonb) as v(${sql.raw(recDef)})
        join shipping_orders t on t.so_id = v.tpl`);
    await tx.execute(sql`insert into so_equipment (so_id, line_no, size_type, qty)
      select so.so_id, 1, e.size_type, e.qty
        from jsonb_to_recordset(${JSON.stringify(equipment)}::jsonb) as e(so_no text, size_type text, qty int)
        join shipping_orders so on so.so_no = e.so_no`);
    await seedConsolidations(tx);
  });
}

/**
 * The history's consolidations: every month's confirmed sea LCL orders of one office and lane (two or more) in
 * one plan `ANHC…`, as planners would have built them, all at Consolidation Advice (the agent advised) and
 * fully allocated: the demo's red and yellow rows and its approved plans stay the few the other seeds stage
 * (the master-BL journey takes an approved plan), not a year of history. The search index is rebuilt at the end of the demo seed.
 */
async function seedConsolidations(tx: DbOrTx) {
  await tx.execute(sql`
    with groups as (
      select so.handling_office as office, so.pol, so.pod, to_char(so.etd, 'YYMM') as yymm,
             min(so.etd) as etd, max(so.status_changed_at) as planned_at,
             array_agg(so.so_id order by so.so_no) as so_ids, min(so.customer_id) as customer_id
        from shipping_orders so
       where so.so_no like 'ANH%' and so.status = 'CONFIRMED' and so.transport_mode = 'SEA'
         and so.service_type = 'LCL' and so.etd is not null
         and not exists (select 1 from consol_sos cs where cs.so_id = so.so_id)
       group by 1, 2, 3, 4
      having count(*) >= 2
    ), numbered as (
      select g.*, row_number() over (partition by g.yymm, g.office order by g.pol, g.pod) as n from groups g
    ), plans as (
      insert into consol_plans (consol_no, consol_type, customer_party_id, contact_office, handling_office, pol,
                                pod, etd, status, status_changed_at, fully_allocated, created_at, created_by,
                                updated_at, updated_by)
      select 'ANHC' || yymm || office || lpad(n::text, 2, '0'), 'LCL_COLOAD', customer_id, office, office, pol,
             pod, etd, 'CONSOL_ADVICE',
             planned_at, true, planned_at, ${DEMO_OPS_NAME}, planned_at, ${DEMO_OPS_NAME}
        from numbered
      returning consol_id, consol_no
    ), planned as (
      select p.consol_id, u.so_id, u.line_no
        from plans p
        join numbered n on p.consol_no = 'ANHC' || n.yymm || n.office || lpad(n.n::text, 2, '0')
        cross join lateral unnest(n.so_ids) with ordinality as u(so_id, line_no)
    ), equipment as (
      insert into consol_equipment (consol_id, line_no, size_type, qty)
      select consol_id, 1, '40HQ', 1 from plans
    )
    insert into consol_sos (consol_id, so_id, line_no)
    select consol_id, so_id, line_no from planned`);
}
