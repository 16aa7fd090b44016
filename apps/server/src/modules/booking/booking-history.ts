import type { Actor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { bookingRepository } from './booking.repository';
import type { shippingOrders } from './booking.tables';

/** Entity type of booking entries in the status history (entity id: the SO number). */
export const BOOKING_ENTITY = 'booking';

/** Fields whose change makes a history entry part of the booking's sailing history (Related panel). */
export const SAILING_FIELDS = ['carrier_code', 'vessel_name', 'voyage', 'etd', 'eta', 'sailing_id'] as const;

export type ShippingOrderRow = typeof shippingOrders.$inferSelect;

/**
 * The shipping order `soNo` if the actor may see it, else 404 msgSoNotFound. `lock` takes the row lock
 * (inside a transaction) so concurrent actions on one booking queue instead of both passing the checks.
 */
export async function visibleOrderOrThrow(
  db: DbOrTx,
  actor: Actor,
  soNo: string,
  opts: { lock?: boolean } = {},
): Promise<ShippingOrderRow> {
  const row = await bookingRepository.bySoNo(db, actor, soNo, opts.lock);
  if (!row) throw notFound('msgSoNotFound');
  return row;
}

/** The booking's status history, newest first (404 when the actor may not see the booking). */
export async function bookingHistory(db: DbOrTx, actor: Actor, soNo: string) {
  await visibleOrderOrThrow(db, actor, soNo);
  return listHistory(db, BOOKING_ENTITY, soNo);
}

/** History entries whose changes touched a sailing field, newest first. */
export async function sailingHistory(db: DbOrTx, soNo: string) {
  const all = await listHistory(db, BOOKING_ENTITY, soNo);
  return all.flatMap((h) => {
    if (!h.changes) return [];
    const changes = Object.fromEntries(
      Object.entries(h.changes).filter(([k]) => (SAILING_FIELDS as readonly string[]).includes(k)),
    );
    if (!Object.keys(changes).length) return [];
    return [{ id: h.id, action: h.action, changes, actor_name: h.actor_name, created_at: h.created_at }];
  });
}
