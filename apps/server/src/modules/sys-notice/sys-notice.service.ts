import {
  MAX_EXPORT_ROWS,
  type TSysNoticeListQuery,
  type ZCreateSysNoticeRequest,
  type ZUpdateSysNoticeRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { sysNoticeRepository as repo } from './sys-notice.repository';

export const SYS_NOTICE_ENTITY = 'sys_notice';
type NoticeInput = z.output<typeof ZCreateSysNoticeRequest>;
type NoticeUpdate = z.output<typeof ZUpdateSysNoticeRequest>;

const EDITABLE = [
  'notice_type',
  'notice_title',
  'notice_body',
  'affected_system',
  'remarks',
  'valid_from',
  'valid_to',
] as const;
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });
/** Instants normalised to UTC ISO so the history compares like with like. */
const normalise = <T extends { valid_from: string; valid_to: string }>(v: T): T => ({
  ...v,
  valid_from: new Date(v.valid_from).toISOString(),
  valid_to: new Date(v.valid_to).toISOString(),
});

/** System notice maintenance (001 §3 System notice; valid to after valid from is checked by the schema). */
export const sysNoticeService = {
  list: (db: Db, query: TSysNoticeListQuery) => repo.page(db, query),

  /** Notices and alerts valid now: the session answer (auth) shows them at sign-in. */
  validNow: (db: DbOrTx) => repo.listValidNow(db),

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TSysNoticeListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  async get(db: Db, uid: string) {
    const row = await repo.byId(db, uid);
    if (!row) throw notFound();
    return row;
  },

  history: (db: Db, uid: string) => listHistory(db, SYS_NOTICE_ENTITY, uid),

  async create({ db, input, actor }: { db: Db; input: NoticeInput; actor: Actor }) {
    return db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        ...normalise(input),
        created_by: actor.login_id,
        updated_by: actor.login_id,
      });
      await recordHistory(tx, {
        entityType: SYS_NOTICE_ENTITY,
        entityId: row.uid,
        action: 'create',
        toStatus: row.notice_type,
        actor: who(actor),
      });
      return row;
    });
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({ db, uid, input, actor }: { db: Db; uid: string; input: NoticeUpdate; actor: Actor }) {
    const { version, ...rest } = input;
    const values = normalise(rest);
    return db.transaction(async (tx) => {
      const before = await repo.byId(tx, uid, true);
      if (!before) throw notFound();
      if (before.version !== version) throw conflict();
      const row = await repo.updateIfVersion(tx, uid, version, { ...values, updated_by: actor.login_id });
      if (!row) throw conflict();
      const changes = diffFields(before, row, EDITABLE);
      if (Object.keys(changes).length) {
        await recordHistory(tx, {
          entityType: SYS_NOTICE_ENTITY,
          entityId: uid,
          action: 'update',
          fromStatus: before.notice_type,
          toStatus: row.notice_type,
          changes,
          actor: who(actor),
        });
      }
      return row;
    });
  },
};
