import type { TBookingRelated } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { sailingHistory, visibleOrderOrThrow } from './booking-history';
import { relatedConsols } from './booking-hooks';
import { relatedRepository as repo } from './related.repository';

const ts = (v: string | null) => (v ? v.replace(' ', 'T').slice(0, 16) : null);

/**
 * The Related panels of a booking (Booking detail): sailings on its lane near its ETD, bookings sharing its
 * master SO or job (or same shipper and lane near its ETD) that the actor may see, its sailing history.
 */
export async function relatedOf(db: DbOrTx, actor: Actor, soNo: string): Promise<TBookingRelated> {
  const o = await visibleOrderOrThrow(db, actor, soNo);
  const sailings = await repo.sailings(db, o);
  const bookings = await repo.bookings(db, actor, o);
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
