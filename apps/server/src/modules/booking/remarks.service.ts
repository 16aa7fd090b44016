import { isExternalProfile, MSG, type TBookingRemark } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors/app-error';
import type { FilesConfig } from '../../platform/files/files-config';
import { bookingExtrasRepository as repo } from './booking-extras.repository';
import { visibleOrderOrThrow } from './booking-history';
import { type RemarkLimits, sanitizeScannedRemark } from './remarks-sanitize';

/** A stored remark as the remarks services read it (booking's so_remarks, consolidation's consol_remarks). */
export interface RemarkRecord {
  id: number;
  html: string;
  visible_to: string;
  created_at: string | Date;
  created_by: string | null;
  created_uid: string | null;
}

/** What a remarks service needs of the record that owns the remarks (an SO, a plan) and of its repository. */
export interface RemarkStore {
  /** The owner's id when the actor may see the owner with this number; throws not found otherwise. */
  ownerIdOrThrow(db: DbOrTx, actor: Actor, ownerNo: string): Promise<number>;
  /** The owner's remarks, newest first; `allOnly` leaves out the INTERNAL ones. */
  remarks(db: DbOrTx, ownerId: number, allOnly: boolean): Promise<RemarkRecord[]>;
  remark(db: DbOrTx, ownerId: number, remarkId: number): Promise<RemarkRecord | undefined>;
  insertRemark(
    db: DbOrTx,
    ownerId: number,
    values: { html: string; visible_to: string; created_by: string; created_uid: string },
  ): Promise<RemarkRecord>;
  deleteRemark(db: DbOrTx, remarkId: number): Promise<void>;
}

const present = (r: RemarkRecord, actor: Actor): TBookingRemark => ({
  id: r.id,
  html: r.html,
  visible_to: r.visible_to as TBookingRemark['visible_to'],
  created_at: new Date(r.created_at).toISOString(),
  created_by: r.created_by,
  can_delete: r.created_uid === actor.user_uid || !isExternalProfile(actor.profile_type),
});

/**
 * Remarks of a record (001 §5, §6; plans 001 §3): HTML sanitised on the server (images scanned, the configured
 * limits), each visible to ALL or to INTERNAL users only. External users read and write ALL remarks only; a
 * remark is deleted by its author or an internal user.
 */
export function remarksServiceOf(store: RemarkStore) {
  return {
    async list(db: DbOrTx, actor: Actor, ownerNo: string): Promise<TBookingRemark[]> {
      const id = await store.ownerIdOrThrow(db, actor, ownerNo);
      const rows = await store.remarks(db, id, isExternalProfile(actor.profile_type));
      return rows.map((r) => present(r, actor));
    },

    async create(
      db: DbOrTx,
      actor: Actor,
      ownerNo: string,
      input: { html: string; visible_to: 'ALL' | 'INTERNAL' },
      limits: RemarkLimits,
      clamd: FilesConfig['clamd'],
    ): Promise<TBookingRemark> {
      const id = await store.ownerIdOrThrow(db, actor, ownerNo);
      if (isExternalProfile(actor.profile_type) && input.visible_to !== 'ALL')
        throw forbidden(MSG.noPermission);
      const html = await sanitizeScannedRemark(input.html, limits, clamd);
      const row = await store.insertRemark(db, id, {
        html,
        visible_to: input.visible_to,
        created_by: actorName(actor),
        created_uid: actor.user_uid,
      });
      return present(row, actor);
    },

    async remove(db: DbOrTx, actor: Actor, ownerNo: string, remarkId: number): Promise<void> {
      const id = await store.ownerIdOrThrow(db, actor, ownerNo);
      const external = isExternalProfile(actor.profile_type);
      const row = await store.remark(db, id, remarkId);
      // An external user never learns that an internal remark exists.
      if (!row || (external && row.visible_to !== 'ALL')) throw notFound();
      if (external && row.created_uid !== actor.user_uid) throw forbidden();
      await store.deleteRemark(db, row.id);
    },
  };
}

/** Remarks of a shipping order. */
export const remarksService = remarksServiceOf({
  ownerIdOrThrow: async (db, actor, soNo) => (await visibleOrderOrThrow(db, actor, soNo)).so_id,
  remarks: (db, soId, allOnly) => repo.remarks(db, soId, allOnly),
  remark: (db, soId, remarkId) => repo.remark(db, soId, remarkId),
  insertRemark: (db, soId, values) => repo.insertRemark(db, { ...values, so_id: soId }),
  deleteRemark: (db, remarkId) => repo.deleteRemark(db, remarkId),
});
