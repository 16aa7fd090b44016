import { and, eq, type SQL } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { shippingOrders } from './booking.tables';
import { bookingVisibleSql } from './booking-access';

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
  const where: SQL | undefined = and(eq(shippingOrders.so_no, soNo), visibleWhere(actor));
  const q = db.select().from(shippingOrders).where(where);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw notFound('msgSoNotFound');
  return row;
}

/** bookingVisibleSql against the drizzle table (its own name as alias). */
export const visibleWhere = (actor: Actor) => bookingVisibleSql(actor, 'shipping_orders');

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
