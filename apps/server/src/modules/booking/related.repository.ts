import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import type { SailingVoyage } from '../sailing-schedule';
import { bookingVisibleSql } from './booking-access.repository';
import type { ShippingOrderRow } from './booking-history';

/** Days either side of the booking's ETD that make a sailing or a same-lane booking "related". */
export const RELATED_WINDOW_DAYS = 14;
export const RELATED_BOOKINGS_MAX = 20;

/** The reads of a booking's Related panels (related.service.ts): its lane's sailings and its related bookings. */
export const relatedRepository = {
  /** Active sailings on the booking's lane within RELATED_WINDOW_DAYS of its ETD (cut-offs as timestamps). */
  async sailings(db: DbOrTx, o: ShippingOrderRow) {
    const days = sql`${RELATED_WINDOW_DAYS} * interval '1 day'`;
    const { rows } = await db.execute<
      SailingVoyage & {
        sailing_schedule_id: number;
        cfs_cutoff: string | null;
        cy_cutoff: string | null;
        vgm_cutoff: string | null;
        si_cutoff: string | null;
        is_tbc: boolean;
      }
    >(sql`
      select sailing_schedule_id, carrier_code, vessel_name, voyage, pol, pod, etd::text as etd, eta::text as eta,
             cfs_cutoff::text as cfs_cutoff, cy_cutoff::text as cy_cutoff, vgm_cutoff::text as vgm_cutoff,
             si_cutoff::text as si_cutoff, is_tbc
        from sailing_schedules
       where pol = ${o.pol} and pod = ${o.pod} and status = 'A'
         and etd between ${o.etd}::date - ${days} and ${o.etd}::date + ${days}
       order by etd, carrier_code, sailing_schedule_id
       limit 50`);
    return rows;
  },

  /**
   * Bookings the actor may see sharing the booking's master SO or job, or with the same shipper and lane near
   * its ETD (relation says which), up to RELATED_BOOKINGS_MAX.
   */
  async bookings(db: DbOrTx, actor: Actor, o: ShippingOrderRow) {
    const days = sql`${RELATED_WINDOW_DAYS} * interval '1 day'`;
    const { rows } = await db.execute<{
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
    return rows;
  },
};
