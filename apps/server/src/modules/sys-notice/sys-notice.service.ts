import {
  MAX_EXPORT_ROWS,
  type TSysNoticeListQuery,
  type ZCreateSysNoticeRequest,
  type ZUpdateSysNoticeRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { sysNoticeRepository as repo, type SysNoticeRow } from './sys-notice.repository';

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
/** Instants normalised to UTC ISO so the history compares like with like. */
const normalise = <T extends { valid_from: string; valid_to: string }>(v: T): T => ({
  ...v,
  valid_from: new Date(v.valid_from).toISOString(),
  valid_to: new Date(v.valid_to).toISOString(),
});

/** Create and update with version check and history (the notice type is the history's status). */
const versioned = versionedRecord<SysNoticeRow, NoticeInput, string>({
  entityType: SYS_NOTICE_ENTITY,
  repo,
  idOf: (r) => r.uid,
  editable: EDITABLE,
  statusOf: (r) => r.notice_type,
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

  create: ({ db, input, actor }: { db: Db; input: NoticeInput; actor: Actor }) =>
    versioned.create({ db, input: normalise(input), actor }),

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  update({ db, uid, input, actor }: { db: Db; uid: string; input: NoticeUpdate; actor: Actor }) {
    const { version, ...rest } = input;
    return versioned.update({ db, id: uid, input: { ...normalise(rest), version }, actor });
  },
};
