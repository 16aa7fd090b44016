import {
  SCHEDULE_ON_TIME_DAYS,
  type TAnalyticsFilters,
  type TCarrierContractListQuery,
} from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { monthSplit } from '../analytics';
import { visibleSoIdsSql } from '../co2e';
import { RELIABILITY_PARTS, reliabilityPartsSql } from './carrier-actuals.repository';

const TOL = SCHEDULE_ON_TIME_DAYS;

const laneParts = (lane: string) => {
  const [pol, pod] = lane.split('-');
  return { pol: pol ?? '', pod: pod ?? '' };
};

/** Which sailings a reliability figure covers (alias a = sailing_actuals). */
export function sailingsWhere(actor: Actor, f: TAnalyticsFilters, drill: Record<string, string> = {}): SQL {
  const parts: SQL[] = [sql`a.planned_etd between ${f.from} and ${f.to}`];
  // Schedule reliability is an ocean measure: another mode has no sailings.
  if (f.mode && f.mode !== 'SEA') parts.push(sql`false`);
  if (f.carrier) parts.push(sql`a.carrier_code = ${f.carrier}`);
  if (f.lane) {
    const { pol, pod } = laneParts(f.lane);
    parts.push(sql`a.pol = ${pol} and a.pod = ${pod}`);
  }
  if (drill.carrier) parts.push(sql`a.carrier_code = ${drill.carrier}`);
  if (drill.month) parts.push(sql`date_trunc('month', a.planned_etd) = ${`${drill.month}-01`}::date`);
  if (drill.measure === 'lateArrival') parts.push(sql`a.actual_arrival - a.planned_eta > ${TOL}`);
  if (drill.measure === 'lateDeparture') parts.push(sql`a.actual_departure - a.planned_etd > ${TOL}`);
  const visible = visibleSoIdsSql(actor);
  // An external viewer sees the sailings that carry one of its own bookings.
  if (visible)
    parts.push(
      sql`a.sailing_schedule_id in (select so.sailing_id from shipping_orders so where so.so_id in ${visible})`,
    );
  return sql.join(parts, sql` and `);
}

/** Which bookings (alias so) count: the order filters of the bar, party access. */
export function ordersWhere(actor: Actor, f: TAnalyticsFilters, customerId: number | null): SQL {
  const parts: SQL[] = [sql`so.status <> 'CANCELLED'`];
  if (f.office) parts.push(sql`so.handling_office = ${f.office}`);
  if (f.service) parts.push(sql`so.service_type = ${f.service}`);
  if (f.mode) parts.push(sql`so.transport_mode = ${f.mode}`);
  if (customerId !== null) parts.push(sql`so.customer_id = ${customerId}`);
  if (f.lane) {
    const { pol, pod } = laneParts(f.lane);
    parts.push(sql`so.pol = ${pol} and so.pod = ${pod}`);
  }
  const visible = visibleSoIdsSql(actor);
  if (visible) parts.push(sql`so.so_id in ${visible}`);
  return sql.join(parts, sql` and `);
}

export interface ReliabilityRow {
  key: string;
  sailings: number;
  dep_n: number;
  dep_on: number;
  arr_n: number;
  arr_on: number;
  dep_late_avg: string | null;
  arr_late_avg: string | null;
  [k: string]: unknown;
}

export interface CountRow {
  key: string;
  n: number;
  [k: string]: unknown;
}

const groupExpr = (by: 'carrier' | 'month' | 'all', col: { carrier: SQL; date: SQL }) =>
  by === 'carrier' ? col.carrier : by === 'month' ? sql`to_char(${col.date}, 'YYYY-MM')` : sql`'all'`;

export const carrierAnalyticsRepository = {
  /**
   * reliability() for an internal viewer without a drill, from carrier_reliability_cube for the period's whole
   * months and sailing_actuals for the days outside them: the same rows (averages = late days ÷ late sailings).
   */
  async reliabilityFromCube(db: DbOrTx, f: TAnalyticsFilters, by: 'carrier' | 'month' | 'all') {
    if (f.mode && f.mode !== 'SEA') return [];
    const conds = (a: string): SQL => {
      const parts: SQL[] = [sql`true`];
      if (f.carrier) parts.push(sql`${sql.raw(a)}carrier_code = ${f.carrier}`);
      if (f.lane) {
        const { pol, pod } = laneParts(f.lane);
        parts.push(sql`${sql.raw(a)}pol = ${pol} and ${sql.raw(a)}pod = ${pod}`);
      }
      return sql.join(parts, sql` and `);
    };
    const cols = `month, carrier_code, ${RELIABILITY_PARTS.join(', ')}`;
    const split = monthSplit(f.from, f.to);
    const parts: SQL[] = [];
    if (split)
      parts.push(sql`select ${sql.raw(cols)} from carrier_reliability_cube c
        where c.month between ${split.m1} and ${split.m2} and ${conds('c.')}`);
    for (const [a, b] of split ? split.edges : [[f.from, f.to] as const])
      parts.push(sql`select to_char(a.planned_etd, 'YYYY-MM'), a.carrier_code, ${reliabilityPartsSql()}
        from sailing_actuals a where a.planned_etd between ${a} and ${b} and ${conds('a.')}`);
    const key = by === 'carrier' ? sql`carrier_code` : by === 'month' ? sql`month` : sql`'all'`;
    const avg = (p: 'dep' | 'arr') =>
      sql.raw(`round(sum(${p}_late_days)::numeric / nullif(sum(${p}_late_n), 0), 1)::text`);
    const { rows } = await db.execute<ReliabilityRow>(sql`
      select ${key} as key, sum(sailings)::int as sailings, sum(dep_n)::int as dep_n, sum(dep_on)::int as dep_on,
             sum(arr_n)::int as arr_n, sum(arr_on)::int as arr_on,
             ${avg('dep')} as dep_late_avg, ${avg('arr')} as arr_late_avg
        from (${sql.join(parts, sql` union all `)}) x(${sql.raw(cols)})
       group by 1 order by 1`);
    return rows;
  },

  async reliability(db: DbOrTx, where: SQL, by: 'carrier' | 'month' | 'all') {
    const key = groupExpr(by, { carrier: sql`a.carrier_code`, date: sql`a.planned_etd` });
    const { rows } = await db.execute<ReliabilityRow>(sql`
      select ${key} as key, count(*)::int as sailings,
             count(a.actual_departure)::int as dep_n,
             count(*) filter (where abs(a.actual_departure - a.planned_etd) <= ${TOL})::int as dep_on,
             count(a.actual_arrival)::int as arr_n,
             count(*) filter (where abs(a.actual_arrival - a.planned_eta) <= ${TOL})::int as arr_on,
             round(avg(a.actual_departure - a.planned_etd) filter (where a.actual_departure - a.planned_etd > ${TOL}), 1)::text as dep_late_avg,
             round(avg(a.actual_arrival - a.planned_eta) filter (where a.actual_arrival - a.planned_eta > ${TOL}), 1)::text as arr_late_avg
        from sailing_actuals a where ${where}
       group by 1 order by 1`);
    return rows;
  },

  /** Roll-overs whose original sailing departed (was planned) in the period, by carrier or month. */
  async rollovers(db: DbOrTx, f: TAnalyticsFilters, orders: SQL, by: 'carrier' | 'month' | 'all') {
    const key = groupExpr(by, { carrier: sql`r.carrier_code`, date: sql`r.from_etd` });
    const { rows } = await db.execute<CountRow>(sql`
      select ${key} as key, count(distinct r.so_id)::int as n
        from booking_rollovers r join shipping_orders so on so.so_id = r.so_id
       where r.from_etd between ${f.from} and ${f.to} ${f.carrier ? sql`and r.carrier_code = ${f.carrier}` : sql``}
         and ${orders}
       group by 1 order by 1`);
    return rows;
  },

  /**
   * Bookings with a carrier in the period (the roll-over rate's base) computed from the orders: the direct
   * computation the pages' cube read (bookingCounts) is proved equal to in the tests.
   */
  async bookings(db: DbOrTx, f: TAnalyticsFilters, orders: SQL, by: 'carrier' | 'month' | 'all') {
    const key = groupExpr(by, { carrier: sql`fa.carrier_code`, date: sql`fa.etd` });
    const { rows } = await db.execute<CountRow>(sql`
      select ${key} as key, count(*)::int as n
        from co2e_shipment_facts fa join shipping_orders so on so.so_id = fa.so_id
       where fa.carrier_code is not null and fa.etd between ${f.from} and ${f.to}
         ${f.carrier ? sql`and fa.carrier_code = ${f.carrier}` : sql``} and ${orders}
       group by 1 order by 1`);
    return rows;
  },

  /** Bookings on the sailings of a figure (drill-down), with the sailing's arrival delay in days. */
  async sailingBookings(db: DbOrTx, where: SQL, orders: SQL, limit: number, offset: number) {
    const base = sql`from sailing_actuals a join shipping_orders so on so.sailing_id = a.sailing_schedule_id
      join parties p on p.party_id = so.customer_id where ${where} and ${orders}`;
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 ${base} limit 10001) x`)
    ).rows;
    const { rows } = await db.execute<DocRow>(sql`
      select so.so_no, so.status, so.etd::text as date, p.short_name as party, so.handling_office as office,
             (a.actual_arrival - a.planned_eta)::text as value
        ${base} order by a.planned_etd desc, so.so_id desc limit ${limit} offset ${offset}`);
    return { n, rows };
  },

  /** Rolled bookings of a figure, with the days they were rolled by. */
  async rolledBookings(
    db: DbOrTx,
    f: TAnalyticsFilters,
    orders: SQL,
    drill: Record<string, string>,
    limit: number,
    offset: number,
  ) {
    const base = sql`from booking_rollovers r join shipping_orders so on so.so_id = r.so_id
      join parties p on p.party_id = so.customer_id
     where r.from_etd between ${f.from} and ${f.to} and ${orders}
       ${f.carrier ? sql`and r.carrier_code = ${f.carrier}` : sql``}
       ${drill.carrier ? sql`and r.carrier_code = ${drill.carrier}` : sql``}
       ${drill.month ? sql`and date_trunc('month', r.from_etd) = ${`${drill.month}-01`}::date` : sql``}`;
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 ${base} limit 10001) x`)
    ).rows;
    const { rows } = await db.execute<DocRow>(sql`
      select so.so_no, so.status, so.etd::text as date, p.short_name as party, so.handling_office as office,
             (r.to_etd - r.from_etd)::text as value
        ${base} order by r.from_etd desc, r.id desc limit ${limit} offset ${offset}`);
    return { n, rows };
  },

  // ---- MQC ---------------------------------------------------------------------------------------------

  /**
   * Active contracts overlapping the period with the TEU shipped under each so far (as of `today`), summed from
   * the facts: the direct computation contractTeuByMonth (the page's read) is proved equal to in the tests.
   */
  async mqc(db: DbOrTx, f: TAnalyticsFilters, today: string, visible: SQL | null, contractId?: number) {
    const { rows } = await db.execute<MqcRow>(sql`
      select c.contract_id, c.carrier_code, cr.display_name as carrier_name, c.contract_no,
             c.valid_from::text as valid_from, c.valid_to::text as valid_to, c.mqc_teu::text as mqc_teu, c.lanes,
             (c.valid_to - c.valid_from + 1)::int as total_days,
             greatest(0, least(${today}::date, c.valid_to) - c.valid_from + 1)::int as elapsed_days,
             coalesce(t.teu, 0)::text as teu
        from carrier_contracts c
        left join carriers cr on cr.carrier_code = c.carrier_code
        left join lateral (
          select sum(fa.teu) as teu from co2e_shipment_facts fa
           where fa.carrier_code = c.carrier_code
             and fa.etd between c.valid_from and least(${today}::date, c.valid_to)
             and (cardinality(c.lanes) = 0 or (fa.pol || '-' || fa.pod) = any(c.lanes))
             ${visible ? sql`and fa.so_id in ${visible}` : sql``}) t on true
       where c.status = 'A' and c.valid_from <= ${f.to} and c.valid_to >= ${f.from}
         ${f.carrier ? sql`and c.carrier_code = ${f.carrier}` : sql``}
         ${f.lane ? sql`and (cardinality(c.lanes) = 0 or ${f.lane} = any(c.lanes))` : sql``}
         ${contractId !== undefined ? sql`and c.contract_id = ${contractId}` : sql``}
       order by c.carrier_code, c.contract_no
       limit 500`);
    return rows;
  },

  /** The active contracts overlapping the period (the MQC page's rows; TEU from contractTeuByMonth). */
  async mqcContracts(db: DbOrTx, f: TAnalyticsFilters, today: string) {
    const { rows } = await db.execute<MqcContractRow>(sql`
      select c.contract_id, c.carrier_code, cr.display_name as carrier_name, c.contract_no,
             c.valid_from::text as valid_from, c.valid_to::text as valid_to, c.mqc_teu::text as mqc_teu, c.lanes,
             (c.valid_to - c.valid_from + 1)::int as total_days,
             greatest(0, least(${today}::date, c.valid_to) - c.valid_from + 1)::int as elapsed_days
        from carrier_contracts c
        left join carriers cr on cr.carrier_code = c.carrier_code
       where c.status = 'A' and c.valid_from <= ${f.to} and c.valid_to >= ${f.from}
         ${f.carrier ? sql`and c.carrier_code = ${f.carrier}` : sql``}
         ${f.lane ? sql`and (cardinality(c.lanes) = 0 or ${f.lane} = any(c.lanes))` : sql``}
       order by c.carrier_code, c.contract_no
       limit 500`);
    return rows;
  },

  /**
   * TEU shipped under each contract by ETD month, from valid_from to today (or valid_to), read from the shipment
   * cubes instead of the orders (docs/analytics.md "CarrierMQC"): the contract's whole months from
   * analytics_carrier_cube (analytics_ship_cube for a lane contract), the days outside them from
   * analytics_carrier_day_cube (the CO2e facts by their carrier index for a lane contract: the ship cube has no
   * day twin). The same sums as mqc()/mqcByMonth() over the facts (a cancelled order's TEU counts 0 in the
   * cubes and has no fact); a test compares them. Text with 2 decimals, as the facts' sums print.
   */
  async contractTeuByMonth(db: DbOrTx, ids: number[], today: string) {
    if (!ids.length) return [];
    const { rows } = await db.execute<{ contract_id: number; month: string; teu: string }>(sql`
      with c as (
        select c.contract_id, c.carrier_code, c.lanes, cardinality(c.lanes) = 0 as all_lanes,
               c.valid_from as a, least(${today}::date, c.valid_to) as b
          from carrier_contracts c where c.contract_id = any(${`{${ids.join(',')}}`}::int[])),
      s as (
        select c.*,
               case when extract(day from c.a) = 1 then c.a
                    else (date_trunc('month', c.a) + interval '1 month')::date end as m_first,
               case when c.b = (date_trunc('month', c.b) + interval '1 month - 1 day')::date then c.b
                    else (date_trunc('month', c.b) - interval '1 day')::date end as m_last
          from c where c.a <= c.b),
      -- The days outside the whole months: before the first (all of a..b when there is none) and after the last.
      e as (
        select s.contract_id, s.carrier_code, s.lanes, s.all_lanes, s.a as d1,
               case when s.m_first <= s.m_last then s.m_first - 1 else s.b end as d2 from s
        union all
        select s.contract_id, s.carrier_code, s.lanes, s.all_lanes, s.m_last + 1, s.b from s where s.m_first <= s.m_last)
      select x.contract_id, x.month, sum(x.teu)::numeric(16, 2)::text as teu from (
        select s.contract_id, m.month, m.teu, m.shipments from s join analytics_carrier_cube m on m.carrier = s.carrier_code
           and m.month between to_char(s.m_first, 'YYYY-MM') and to_char(s.m_last, 'YYYY-MM')
         where s.all_lanes and s.m_first <= s.m_last
        union all
        select s.contract_id, m.month, m.teu, m.shipments from s join analytics_ship_cube m on m.carrier = s.carrier_code
           and m.month between to_char(s.m_first, 'YYYY-MM') and to_char(s.m_last, 'YYYY-MM')
           and (m.pol || '-' || m.pod) = any(s.lanes)
         where not s.all_lanes and s.m_first <= s.m_last
        union all
        select e.contract_id, to_char(d.etd, 'YYYY-MM'), d.teu, d.shipments from e join analytics_carrier_day_cube d
            on d.carrier = e.carrier_code and d.etd between e.d1 and e.d2
         where e.all_lanes and e.d1 <= e.d2
        union all
        select e.contract_id, to_char(fa.etd, 'YYYY-MM'), fa.teu, 1 from e join co2e_shipment_facts fa
            on fa.carrier_code = e.carrier_code and fa.etd between e.d1 and e.d2
           and (fa.pol || '-' || fa.pod) = any(e.lanes)
         where not e.all_lanes and e.d1 <= e.d2) x(contract_id, month, teu, n)
       group by x.contract_id, x.month
      -- A month of cancelled orders only has cube rows (TEU 0) but no fact: left out, as the facts' sums do.
      having sum(x.n) > 0
       order by x.contract_id, x.month`);
    return rows;
  },

  /** TEU shipped by month under the contracts, from the facts (the direct computation, as mqc()). */
  async mqcByMonth(db: DbOrTx, ids: number[], today: string) {
    if (!ids.length) return [];
    const { rows } = await db.execute<{ month: string; teu: string }>(sql`
      select to_char(fa.month, 'YYYY-MM') as month, sum(fa.teu)::text as teu
        from carrier_contracts c
        join co2e_shipment_facts fa on fa.carrier_code = c.carrier_code
         and fa.etd between c.valid_from and least(${today}::date, c.valid_to)
         and (cardinality(c.lanes) = 0 or (fa.pol || '-' || fa.pod) = any(c.lanes))
       where c.contract_id = any(${`{${ids.join(',')}}`}::int[])
       group by fa.month order by fa.month`);
    return rows;
  },

  /** Bookings counted under a contract (drill-down), each with its TEU. */
  async contractBookings(db: DbOrTx, contractId: number, today: string, limit: number, offset: number) {
    const base = sql`from carrier_contracts c
      join co2e_shipment_facts fa on fa.carrier_code = c.carrier_code
       and fa.etd between c.valid_from and least(${today}::date, c.valid_to)
       and (cardinality(c.lanes) = 0 or (fa.pol || '-' || fa.pod) = any(c.lanes))
      join shipping_orders so on so.so_id = fa.so_id
      join parties p on p.party_id = fa.customer_id
     where c.contract_id = ${contractId}`;
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 ${base} limit 10001) x`)
    ).rows;
    const { rows } = await db.execute<DocRow>(sql`
      select so.so_no, so.status, fa.etd::text as date, p.short_name as party, fa.office, fa.teu::text as value
        ${base} order by fa.etd desc, fa.so_id desc limit ${limit} offset ${offset}`);
    return { n, rows };
  },

  async contractIdByNo(db: DbOrTx, carrier: string, contractNo: string) {
    const { rows } = await db.execute<{ contract_id: number }>(sql`
      select contract_id from carrier_contracts where carrier_code = ${carrier} and upper(contract_no) = upper(${contractNo})`);
    return rows[0]?.contract_id ?? null;
  },

  // ---- contract maintenance ----------------------------------------------------------------------------

  async listContracts(db: DbOrTx, q: TCarrierContractListQuery) {
    const parts: SQL[] = [sql`true`];
    if (q.carrier) parts.push(sql`c.carrier_code = ${q.carrier.toUpperCase()}`);
    if (q.q) parts.push(sql`(c.contract_no ilike ${`%${q.q}%`} or c.carrier_code ilike ${`%${q.q}%`})`);
    const where = sql.join(parts, sql` and `);
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from carrier_contracts c where ${where}`)
    ).rows;
    const { rows } = await db.execute<ContractRow>(sql`
      ${contractSelect} where ${where}
       order by c.carrier_code, c.valid_from desc, c.contract_no
       limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
    return { n, rows };
  },

  async contract(db: DbOrTx, id: number) {
    const { rows } = await db.execute<ContractRow>(sql`${contractSelect} where c.contract_id = ${id}`);
    return rows[0] ?? null;
  },

  async insertContract(tx: DbOrTx, v: ContractValues, by: string) {
    const { rows } = await tx.execute<{ contract_id: number }>(sql`
      insert into carrier_contracts (carrier_code, contract_no, valid_from, valid_to, mqc_teu, lanes, remarks,
                                     status, created_by, updated_by)
      values (${v.carrier_code}, ${v.contract_no}, ${v.valid_from}, ${v.valid_to}, ${v.mqc_teu},
              ${`{${v.lanes.join(',')}}`}::text[], ${v.remarks}, ${v.status}, ${by}, ${by})
      returning contract_id`);
    return rows[0].contract_id;
  },

  /** Saves an edit made on `version`; false when the stored version is newer. */
  async updateContract(tx: DbOrTx, id: number, version: number, v: ContractValues, by: string) {
    const res = await tx.execute(sql`
      update carrier_contracts set carrier_code = ${v.carrier_code}, contract_no = ${v.contract_no},
             valid_from = ${v.valid_from}, valid_to = ${v.valid_to}, mqc_teu = ${v.mqc_teu},
             lanes = ${`{${v.lanes.join(',')}}`}::text[], remarks = ${v.remarks}, status = ${v.status},
             version = version + 1, updated_at = now(), updated_by = ${by}
       where contract_id = ${id} and version = ${version}`);
    return (res.rowCount ?? 0) > 0;
  },

  async deleteContract(db: DbOrTx, id: number) {
    const res = await db.execute(sql`delete from carrier_contracts where contract_id = ${id}`);
    return (res.rowCount ?? 0) > 0;
  },

  async partyIdByCode(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ party_id: number }>(
      sql`select party_id from parties where upper(party_code) = upper(${code}) limit 1`,
    );
    return rows[0]?.party_id ?? null;
  },

  async carrierNames(db: DbOrTx) {
    const { rows } = await db.execute<{ carrier_code: string; display_name: string }>(
      sql`select carrier_code, display_name from carriers`,
    );
    return new Map(rows.map((r) => [r.carrier_code, r.display_name]));
  },

  async carrierExists(db: DbOrTx, code: string) {
    const { rows } = await db.execute(sql`select 1 from carriers where carrier_code = ${code}`);
    return rows.length > 0;
  },
};

const contractSelect = sql`
  select c.contract_id, c.carrier_code, cr.display_name as carrier_name, c.contract_no,
         c.valid_from::text as valid_from, c.valid_to::text as valid_to, c.mqc_teu::text as mqc_teu, c.lanes,
         c.remarks, c.status, c.version, c.updated_at::text as updated_at, c.updated_by
    from carrier_contracts c left join carriers cr on cr.carrier_code = c.carrier_code`;

export interface ContractValues {
  carrier_code: string;
  contract_no: string;
  valid_from: string;
  valid_to: string;
  mqc_teu: string;
  lanes: string[];
  remarks: string | null;
  status: string;
}

export interface ContractRow {
  contract_id: number;
  carrier_code: string;
  carrier_name: string | null;
  contract_no: string;
  valid_from: string;
  valid_to: string;
  mqc_teu: string;
  lanes: string[];
  remarks: string | null;
  status: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
  [k: string]: unknown;
}

export interface MqcContractRow {
  contract_id: number;
  carrier_code: string;
  carrier_name: string | null;
  contract_no: string;
  valid_from: string;
  valid_to: string;
  mqc_teu: string;
  lanes: string[];
  total_days: number;
  elapsed_days: number;
  [k: string]: unknown;
}

export interface MqcRow extends MqcContractRow {
  teu: string;
}

export interface DocRow {
  so_no: string;
  status: string;
  date: string;
  party: string;
  office: string;
  value: string | null;
  [k: string]: unknown;
}
