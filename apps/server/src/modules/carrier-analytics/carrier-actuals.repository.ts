import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

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
  const { rows } = await db.execute<{ at: string }>(
    sql`select sailings_seen_at::text as at from carrier_actuals_state where id = 1`,
  );
  const since = rows[0] ? new Date(new Date(rows[0].at).getTime() - OVERLAP_MS).toISOString() : '1970-01-01';
  const started = new Date().toISOString();
  const res = await db.execute(sql`
    insert into sailing_actuals (sailing_schedule_id, carrier_code, pol, pod, planned_etd, planned_eta,
                                 actual_departure, actual_arrival, source, updated_at)
    select s.sailing_schedule_id, s.carrier_code, s.pol, s.pod,
           coalesce(${firstPublished('etd')}, s.etd), coalesce(${firstPublished('eta')}, s.eta),
           case when s.etd <= ${today}::date then s.etd end, case when s.eta <= ${today}::date then s.eta end,
           'SCHEDULE', now()
      from sailing_schedules s
     where s.status = 'A' and not s.is_tbc
       and (s.updated_at > ${since}
            or s.etd between ${today}::date - ${RECENT_DAYS}::int and ${today}::date
            or s.eta between ${today}::date - ${RECENT_DAYS}::int and ${today}::date)
    on conflict (sailing_schedule_id) do update set
      carrier_code = excluded.carrier_code, pol = excluded.pol, pod = excluded.pod,
      planned_etd = excluded.planned_etd, planned_eta = excluded.planned_eta,
      actual_departure = excluded.actual_departure, actual_arrival = excluded.actual_arrival, updated_at = now()
     where sailing_actuals.source = 'SCHEDULE'`);
  await db.execute(sql`insert into carrier_actuals_state (id, sailings_seen_at) values (1, ${started})
    on conflict (id) do update set sailings_seen_at = excluded.sailings_seen_at`);
  return { sailings: res.rowCount ?? 0 };
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
