import { isExternalProfile, MSG, type TBookingRemark } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors/app-error';
import type { FilesConfig } from '../../platform/files/files-config';
import { type RemarkRow as Row, bookingExtrasRepository as repo } from './booking-extras.repository';
import { visibleOrderOrThrow } from './booking-history';
import { type RemarkLimits, sanitizeScannedRemark } from './remarks-sanitize';

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
    const rows = await repo.remarks(db, o.so_id, external);
    return rows.map((r) => present(r, actor));
  },

  async create(
    db: DbOrTx,
    actor: Actor,
    soNo: string,
    input: { html: string; visible_to: 'ALL' | 'INTERNAL' },
    limits: RemarkLimits,
    clamd: FilesConfig['clamd'],
  ): Promise<TBookingRemark> {
    const o = await visibleOrderOrThrow(db, actor, soNo);
    if (isExternalProfile(actor.profile_type) && input.visible_to !== 'ALL')
      throw forbidden(MSG.noPermission);
    const html = await sanitizeScannedRemark(input.html, limits, clamd);
    const row = await repo.insertRemark(db, {
      so_id: o.so_id,
      html,
      visible_to: input.visible_to,
      created_by: actorName(actor),
      created_uid: actor.user_uid,
    });
    return present(row, actor);
  },

  async remove(db: DbOrTx, actor: Actor, soNo: string, id: number): Promise<void> {
    const o = await visibleOrderOrThrow(db, actor, soNo);
    const external = isExternalProfile(actor.profile_type);
    const row = await repo.remark(db, o.so_id, id);
    // An external user never learns that an internal remark exists.
    if (!row || (external && row.visible_to !== 'ALL')) throw notFound();
    if (external && row.created_uid !== actor.user_uid) throw forbidden();
    await repo.deleteRemark(db, row.id);
  },
};
