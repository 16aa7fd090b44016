import { isExternalProfile, MSG, type TBookingRemark } from '@portal/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { type Actor, actorName } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { soRemarks } from './booking.tables';
import { visibleOrderOrThrow } from './booking-history';
import { type RemarkLimits, sanitizeRemark } from './remarks-sanitize';

type Row = typeof soRemarks.$inferSelect;

const present = (r: Row, actor: Actor): TBookingRemark => ({
  id: r.id,
  html: r.html,
  visible_to: r.visible_to as TBookingRemark['visible_to'],
  created_at: new Date(r.created_at).toISOString(),
  created_by: r.created_by,
  can_delete: r.created_uid === actor.user_uid || !isExternalProfile(actor.profile_type),
});

/**
 * Remarks of a shipping order (001 §5, §6): HTML sanitised on the server, each visible to ALL or to
 * INTERNAL users only. External users read and write ALL remarks only; a remark is deleted by its author
 * or an internal user.
 */
export const remarksService = {
  async list(db: DbOrTx, actor: Actor, soNo: string): Promise<TBookingRemark[]> {
    const o = await visibleOrderOrThrow(db, actor, soNo);
    const external = isExternalProfile(actor.profile_type);
    const rows = await db
      .select()
      .from(soRemarks)
      .where(and(eq(soRemarks.so_id, o.so_id), external ? eq(soRemarks.visible_to, 'ALL') : undefined))
      .orderBy(desc(soRemarks.id))
      .limit(500);
    return rows.map((r) => present(r, actor));
  },

  async create(
    db: DbOrTx,
    actor: Actor,
    soNo: string,
    input: { html: string; visible_to: 'ALL' | 'INTERNAL' },
    limits: RemarkLimits,
  ): Promise<TBookingRemark> {
    const o = await visibleOrderOrThrow(db, actor, soNo);
    if (isExternalProfile(actor.profile_type) && input.visible_to !== 'ALL')
      throw forbidden(MSG.noPermission);
    const html = sanitizeRemark(input.html, limits);
    const [row] = await db
      .insert(soRemarks)
      .values({
        so_id: o.so_id,
        html,
        visible_to: input.visible_to,
        created_by: actorName(actor),
        created_uid: actor.user_uid,
      })
      .returning();
    return present(row, actor);
  },

  async remove(db: DbOrTx, actor: Actor, soNo: string, id: number): Promise<void> {
    const o = await visibleOrderOrThrow(db, actor, soNo);
    const external = isExternalProfile(actor.profile_type);
    const [row] = await db
      .select()
      .from(soRemarks)
      .where(and(eq(soRemarks.id, id), eq(soRemarks.so_id, o.so_id)));
    // An external user never learns that an internal remark exists.
    if (!row || (external && row.visible_to !== 'ALL')) throw notFound();
    if (external && row.created_uid !== actor.user_uid) throw forbidden();
    await db.delete(soRemarks).where(eq(soRemarks.id, row.id));
  },
};
