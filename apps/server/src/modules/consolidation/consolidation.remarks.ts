import { CONSOL_MSG, isExternalProfile, MSG, type TBookingRemark } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors/app-error';
import type { FilesConfig } from '../../platform/files/files-config';
import { type RemarkLimits, sanitizeScannedRemark } from '../booking';
import { type RemarkRow, consolRepository as repo } from './consolidation.repository';

const present = (r: RemarkRow, actor: Actor): TBookingRemark => ({
  id: r.id,
  html: r.html,
  visible_to: r.visible_to as TBookingRemark['visible_to'],
  created_at: new Date(r.created_at).toISOString(),
  created_by: r.created_by,
  can_delete: r.created_uid === actor.user_uid || !isExternalProfile(actor.profile_type),
});

async function planIdOrThrow(db: DbOrTx, actor: Actor, consolNo: string) {
  const p = await repo.byNo(db, actor, consolNo);
  if (!p) throw notFound(CONSOL_MSG.notFound);
  return p.consol_id;
}

/**
 * Remarks of a plan (001 §3), as on bookings: HTML with images sanitised by the booking sanitiser and the
 * configured limits, each visible to ALL or INTERNAL users only; external users (the plan's customer side)
 * read and write ALL remarks only; a remark is deleted by its author or an internal user.
 */
export const consolRemarksService = {
  async list(db: DbOrTx, actor: Actor, consolNo: string): Promise<TBookingRemark[]> {
    const id = await planIdOrThrow(db, actor, consolNo);
    const rows = await repo.remarks(db, id, isExternalProfile(actor.profile_type));
    return rows.map((r) => present(r, actor));
  },

  async create(
    db: DbOrTx,
    actor: Actor,
    consolNo: string,
    input: { html: string; visible_to: 'ALL' | 'INTERNAL' },
    limits: RemarkLimits,
    clamd: FilesConfig['clamd'],
  ): Promise<TBookingRemark> {
    const id = await planIdOrThrow(db, actor, consolNo);
    if (isExternalProfile(actor.profile_type) && input.visible_to !== 'ALL')
      throw forbidden(MSG.noPermission);
    const html = await sanitizeScannedRemark(input.html, limits, clamd);
    const row = await repo.insertRemark(db, {
      consol_id: id,
      html,
      visible_to: input.visible_to,
      created_by: actorName(actor),
      created_uid: actor.user_uid,
    });
    return present(row, actor);
  },

  async remove(db: DbOrTx, actor: Actor, consolNo: string, remarkId: number): Promise<void> {
    const id = await planIdOrThrow(db, actor, consolNo);
    const external = isExternalProfile(actor.profile_type);
    const row = await repo.remark(db, id, remarkId);
    // An external user never learns that an internal remark exists.
    if (!row || (external && row.visible_to !== 'ALL')) throw notFound();
    if (external && row.created_uid !== actor.user_uid) throw forbidden();
    await repo.deleteRemark(db, row.id);
  },
};
