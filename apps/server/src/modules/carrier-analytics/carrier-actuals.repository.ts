import { SCHEDULE_ON_TIME_DAYS } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

const TOL = SCHEDULE_ON_TIME_DAYS;
/** Advisory lock of the reliability cube's writers (the actuals job, rebuilds): one at a time. */
const CUBE_LOCK = sql`select pg_advisory_xact_lock(8172, 0)`;

/** The cube's measures, in the order every reliability select lists them. */
export const RELIABILITY_PARTS = [
  'sailings',
  'dep_n',
  'dep_on',
  'dep_late_n',
  'dep_late_days',
  'arr_n',
  'arr_on',
  'arr_late_n',
  'arr_late_days',
] as const;

/**
 * One sailing's additive reliability parts (alias a), in RELIABILITY_PARTS order: departed / arrived, on time
 * (within ±TOL days of the plan), late beyond TOL and the days of those late ones (the average = days ÷ late).
 */
export const reliabilityPartsSql = () => {
  const parts = (actual: string, planned: string) => sql`
    (${sql.raw(actual)} is not null)::int,
    coalesce(abs(${sql.raw(actual)} - ${sql.raw(planned)}) <= ${TOL}, false)::int,
    coalesce(${sql.raw(actual)} - ${sql.raw(planned)} > ${TOL}, false)::int,
    case when ${sql.raw(actual)} - ${sql.raw(planned)} > ${TOL} then ${sql.raw(actual)} - ${sql.raw(planned)} else 0 end`;
  return sql`1, ${parts('a.actual_departure', 'a.planned_etd')}, ${parts('a.actual_arrival', 'a.planned_eta')}`;
};

const PARTS = RELIABILITY_PARTS.join(', ');
const SUMS = RELIABILITY_PARTS.map((p) => `sum(${p})`).join(', ');
const sailingParts = (where: SQL) => sql`
  select to_char(a.planned_etd, 'YYYY-MM') as month, a.carrier_code, a.pol, a.pod, ${reliabilityPartsSql()}
    from sailing_actuals a where ${where}`;

/** Rebuilds carrier_reliability_cube from sailing_actuals (demo seed, tests, repair; the first refresh). */
export async function rebuildReliabilityCube(db: DbOrTx) {
  await db.transaction(async (tx) => {
    await tx.execute(CUBE_LOCK);
    await tx.execute(sql`delete from carrier_reliability_cube`);
    await tx.execute(sql`
      insert into carrier_reliability_cube (month, carrier_code, pol, pod, ${sql.raw(PARTS)})
      select month, carrier_code, pol, pod, ${sql.raw(SUMS)} from (${sailingParts(sql`true`)}) x(month, carrier_code, pol, pod, ${sql.raw(PARTS)})
       group by 1, 2, 3, 4`);
    await tx.execute(sql`insert into carrier_actuals_state (id, sailings_seen_at, cube_built_at)
      values (1, '1970-01-01', now()) on conflict (id) do update set cube_built_at = now()`);
  });
}

interface CubeKey {
  month: string;
  carrier_code: string;
  pol: string;
  pod: string;
  [k: string]: unknown;
}

/** Recomputes the cube rows of these keys from sailing_actuals (delete, then the keys' sums), under the lock. */
async function recomputeReliabilityKeys(tx: DbOrTx, keys: readonly CubeKey[]) {
  const uniq = [...new Map(keys.map((k) => [`${k.month}|${k.carrier_code}|${k.pol}|${k.pod}`, k])).values()];
  if (!uniq.length) return;
  const col = (f: keyof CubeKey) => sql`${sql.param(uniq.map((k) => String(k[f])))}::text[]`;
  const k = sql`unnest(${col('month')}, ${col('carrier_code')}, ${col('pol')}, ${col('pod')}) as k(month, carrier_code, pol, pod)`;
  await tx.execute(sql`delete from carrier_reliability_cube c using ${k}
    where c.month = k.month and c.carrier_code = k.carrier_code and c.pol = k.pol and c.pod = k.pod`);
  await tx.execute(sql`
    insert into carrier_reliability_cube (month, carrier_code, pol, pod, ${sql.raw(PARTS)})
    select month, carrier_code, pol, pod, ${sql.raw(SUMS)} from (${sailingParts(sql`exists (
        select 1 from ${k} where k.carrier_code = a.carrier_code and k.pol = a.pol and k.pod = a.pod
           and a.planned_etd >= to_date(k.month, 'YYYY-MM') and a.planned_etd < to_date(k.month, 'YYYY-MM') + interval '1 month')`)})
      x(month, carrier_code, pol, pod, ${sql.raw(PARTS)})
     group by 1, 2, 3, 4`);
}

/** The sailing schedule's history entity type (sailing-schedule.service.ts SAILING_ENTITY). */
const SAILING_ENTITY = 'sailing_schedule';
/** Sailings whose dates passed within these days are stamped even when nobody edited them. */
const RECENT_DAYS = 3;
const OVERLAP_MS = 2 * 60_000;

/** The first published value of a sailing date: the oldest "from" of its changes in the history. */
const firstPublished = (field: 'etd' | 'eta') => sql`(
  select (h.changes -> ${field} ->> 'from')::date from status_history h
   where h.entity_type = ${SAILING_ENTITY} and h.entity_id = s.sailing_schedule_id::text and h.changes ? ${field}
   order by h.id limit 1)`;

/**
 * Brings sailing_actuals up to date from the sailing schedule (job `carrier-actuals`, every 15 minutes):
 * sailings edited since the watermark and those whose ETD or ETA passed in the last days. Planned = the first
 * published dates, actual = the schedule's dates once past; TBC sailings are left out (their ETD is a
 * placeholder); rows of another source (RECORDED, DEMO) are kept.
 */
export async function refreshSailingActuals(db: DbOrTx, today = new Date().toISOString().slice(0, 10)) {
  return db.transaction(async (tx) => {
    // One refresh at a time: the cube's touched keys are recomputed from what this transaction wrote.
    await tx.execute(CUBE_LOCK);
    const { rows } = await tx.execute<{ at: string; built: string | null }>(
      sql`select sailings_seen_at::text as at, cube_built_at::text as built from carrier_actuals_state where id = 1`,
    );
    const since = rows[0]
      ? new Date(new Date(rows[0].at).getTime() - OVERLAP_MS).toISOString()
      : '1970-01-01';
    const started = new Date().toISOString();
    const touched = sql`s.status = 'A' and not s.is_tbc
         and (s.updated_at > ${since}
              or s.etd between ${today}::date - ${RECENT_DAYS}::int and ${today}::date
              or s.eta between ${today}::date - ${RECENT_DAYS}::int and ${today}::date)`;
    // The cube keys the rows to be overwritten had (a sailing may move to another month, carrier or lane).
    const old = await tx.execute<CubeKey>(sql`
      select to_char(a.planned_etd, 'YYYY-MM') as month, a.carrier_code, a.pol, a.pod
        from sailing_actuals a join sailing_schedules s on s.sailing_schedule_id = a.sailing_schedule_id
       where a.source = 'SCHEDULE' and ${touched}`);
    const res = await tx.execute<CubeKey>(sql`
      insert into sailing_actuals (sailing_schedule_id, carrier_code, pol, pod, planned_etd, planned_eta,
                                   actual_departure, actual_arrival, source, updated_at)
      select s.sailing_schedule_id, s.carrier_code, s.pol, s.pod,
             coalesce(${firstPublished('etd')}, s.etd), coalesce(${firstPublished('eta')}, s.eta),
             case when s.etd <= ${today}::date then s.etd end, case when s.eta <= ${today}::date then s.eta end,
             'SCHEDULE', now()
        from sailing_schedules s
       where ${touched}
      on conflict (sailing_schedule_id) do update set
        carrier_code = excluded.carrier_code, pol = excluded.pol, pod = excluded.pod,
        planned_etd = excluded.planned_etd, planned_eta = excluded.planned_eta,
        actual_departure = excluded.actual_departure, actual_arrival = excluded.actual_arrival, updated_at = now()
       where sailing_actuals.source = 'SCHEDULE'
      returning to_char(planned_etd, 'YYYY-MM') as month, carrier_code, pol, pod`);
    await tx.execute(sql`insert into carrier_actuals_state (id, sailings_seen_at) values (1, ${started})
      on conflict (id) do update set sailings_seen_at = excluded.sailings_seen_at`);
    // A cube never built (new database, or the upgrade that added it) is built whole, else the keys touched.
    if (!rows[0]?.built) await rebuildReliabilityCube(tx);
    else await recomputeReliabilityKeys(tx, [...old.rows, ...res.rows]);
    return { sailings: res.rowCount ?? 0 };
  });
}

/** A roll-over of this order from a sailing of `carrier` (null: the order's carrier) and ETD to a later one. */
export async function recordRollover(
  tx: DbOrTx,
  r: { soId: number; carrier: string | null; fromSailingId: number | null; fromEtd: string; toEtd: string },
) {
  await tx.execute(sql`
    insert into booking_rollovers (so_id, so_no, carrier_code, from_sailing_id, to_sailing_id, from_etd, to_etd)
    select so.so_id, so.so_no, coalesce(${r.carrier}, so.carrier_code), ${r.fromSailingId}::int, so.sailing_id,
           ${r.fromEtd}, ${r.toEtd}
      from shipping_orders so
     where so.so_id = ${r.soId} and coalesce(${r.carrier}, so.carrier_code) is not null`);
}
