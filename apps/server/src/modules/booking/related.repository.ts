import type { TBookingRelated } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { bookingVisibleSql } from './booking-access.repository';
import { sailingHistory, visibleOrderOrThrow } from './booking-history';
import { relatedConsols } from './booking-hooks';

/** Days either side of the booking's ETD that make a sailing or a same-lane booking "related". */
export const RELATED_WINDOW_DAYS = 14;
export const RELATED_BOOKINGS_MAX = 20;

const ts = (v: string | null) => (v ? v.replace(' ', 'T').slice(0, 16) : null);

/**
 * The Related panels of a booking (Booking detail): sailings on its lane near its ETD, bookings sharing its
 * master SO or job (or same shipper and lane near its ETD) that the actor may see, its sailing history.
 */
export async function relatedOf(db: DbOrTx, actor: Actor, soNo: string): Promise<TBookingRelated> {
  const o = await visibleOrderOrThrow(db, actor, soNo);
  const days = sql`${RELATED_WINDOW_DAYS} * interval '1 day'`;
  const { rows: sailings } = await db.execute<{
    sailing_schedule_id: number;
    carrier_code: string;
    vessel_name: string;
    voyage: string;
    pol: string;
    pod: string;
    etd: string;
    eta: string;
    cfs_cutoff: string | null;
    cy_cutoff: string | null;
    vgm_cutoff: string | null;
    si_cutoff: string | null;
    is_tbc: boolean;
  }>(sql`
    select sailing_schedule_id, carrier_code, vessel_name, voyage, pol, pod, etd::text as etd, eta::text as eta,
           cfs_cutoff::text as cfs_cutoff, cy_cutoff::text as cy_cutoff, vgm_cutoff::text as vgm_cutoff,
           si_cutoff::text as si_cutoff, is_tbc
      from sailing_schedules
     where pol = ${o.pol} and pod = ${o.pod} and status = 'A'
       and etd between ${o.etd}::date - ${days} and ${o.etd}::date + ${days}
     order by etd, carrier_code, sailing_schedule_id
     limit 50`);
  const { rows: bookings } = await db.execute<{
    so_no: string;
    job_no: string | null;
    status: string;
    shipper_code: string | null;
    pol: string;
    pod: string;
    etd: string;
    vessel_name: string;
    voyage: string;
    relation: 'MASTER_SO' | 'JOB' | 'LANE';
  }>(sql`
    select so.so_no, so.job_no, so.status, p.party_code as shipper_code, so.pol, so.pod, so.etd::text as etd,
           so.vessel_name, so.voyage,
           case when ${o.master_so_no}::text is not null and so.master_so_no = ${o.master_so_no} then 'MASTER_SO'
                when ${o.job_no}::text is not null and so.job_no = ${o.job_no} then 'JOB'
                else 'LANE' end as relation
      from shipping_orders so
      left join parties p on p.party_id = so.shipper_id
     where so.so_id <> ${o.so_id}
       and ${bookingVisibleSql(actor, 'so')}
       and ((${o.master_so_no}::text is not null and so.master_so_no = ${o.master_so_no})
         or (${o.job_no}::text is not null and so.job_no = ${o.job_no})
         or (so.shipper_id = ${o.shipper_id} and so.pol = ${o.pol} and so.pod = ${o.pod}
             and so.etd between ${o.etd}::date - ${days} and ${o.etd}::date + ${days}))
     order by relation, so.etd desc, so.so_id desc
     limit ${RELATED_BOOKINGS_MAX}`);
  return {
    sailings: sailings.map((s) => ({
      ...s,
      cfs_cutoff: ts(s.cfs_cutoff),
      cy_cutoff: ts(s.cy_cutoff),
      vgm_cutoff: ts(s.vgm_cutoff),
      si_cutoff: ts(s.si_cutoff),
    })),
    bookings,
    // The plan the SO is in, from the consolidation module (registered through booking-hooks).
    consols: await relatedConsols(db, o.so_id),
    sailing_history: await sailingHistory(db, soNo),
  };
}
