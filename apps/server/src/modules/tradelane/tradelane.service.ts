import {
  type Language,
  MAX_EXPORT_ROWS,
  MSG,
  type TFieldError,
  type TTradelaneListQuery,
  type ZCreateTradelaneRequest,
  ZTradelaneFields,
  type ZUpdateTradelaneRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { tradelaneRepository as repo } from './tradelane.repository';

export const TRADELANE_ENTITY = 'tradelane';
type TradelaneInput = z.output<typeof ZCreateTradelaneRequest>;
type TradelaneUpdate = z.output<typeof ZUpdateTradelaneRequest>;

/** Fields whose changes the history records: every field an administrator edits. */
const EDITABLE = Object.keys(ZTradelaneFields.shape) as (keyof typeof ZTradelaneFields.shape)[];

const duplicateName = (name: string) =>
  duplicateError([{ field: 'tradelane_name', msgKey: MSG.tradelaneDuplicateName, params: { value: name } }]);
const onUniqueViolation = (e: unknown, v: TradelaneInput) =>
  rethrowUniqueViolation(e, {
    tradelanes_name_uq: {
      field: 'tradelane_name',
      msgKey: MSG.tradelaneDuplicateName,
      value: v.tradelane_name,
    },
  });

/** Countries and office must exist in the reference data; unknown ones answer 400 on their field. */
async function assertReferences(tx: DbOrTx, v: TradelaneInput) {
  const known = await repo.knownCountries(tx, [v.pol_country, v.pod_country]);
  const details: TFieldError[] = [];
  for (const f of ['pol_country', 'pod_country'] as const) {
    if (!known.has(v[f])) details.push({ field: f, msgKey: MSG.fieldInvalid });
  }
  if (!(await repo.officeExists(tx, v.office_code)))
    details.push({ field: 'office_code', msgKey: MSG.fieldInvalid });
  if (details.length) throw badRequest(details);
}

/** The saved row as the API shows it (with country names). */
async function reread(tx: DbOrTx, id: number, lang?: Language) {
  const row = await repo.byId(tx, id, lang);
  if (!row) throw notFound();
  return row;
}

/**
 * Create and update with version check and history (versionedRecord): the name is unique, the countries and
 * the office exist; the answer is the row read again with its country names in the caller's language.
 */
const versioned = (lang?: Language) =>
  versionedRecord({
    entityType: TRADELANE_ENTITY,
    repo: {
      // versionedRecord reads the stored row only to update it: locked.
      byId: (db: DbOrTx, id: number) => repo.lock(db, id),
      insert: repo.insert,
      updateIfVersion: repo.updateIfVersion,
    },
    idOf: (r) => r.tradelane_id,
    editable: EDITABLE,
    check: async (tx, v: TradelaneInput, id) => {
      await assertReferences(tx, v);
      if (await repo.byName(tx, v.tradelane_name, id)) throw duplicateName(v.tradelane_name);
    },
    onError: onUniqueViolation,
    answer: (tx, row) => reread(tx, row.tradelane_id, lang),
  });

/** Trade lane maintenance rules (001 §3 Trade lane; the name is unique). */
export const tradelaneService = {
  list: (db: Db, query: TTradelaneListQuery, lang: Language) => repo.page(db, query, lang),

  async get(db: Db, id: number, lang?: Language) {
    const row = await repo.byId(db, id, lang);
    if (!row) throw notFound();
    return row;
  },

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TTradelaneListQuery, lang: Language) {
    const rows = await repo.all(db, query, lang, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  history: (db: Db, id: number) => listHistory(db, TRADELANE_ENTITY, id),

  /** Creates a trade lane; the answer has the country names in `lang`. */
  create: ({ db, input, actor, lang }: { db: Db; input: TradelaneInput; actor: Actor; lang?: Language }) =>
    versioned(lang).create({ db, input, actor }),

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  update: ({
    db,
    id,
    input,
    actor,
    lang,
  }: {
    db: Db;
    id: number;
    input: TradelaneUpdate;
    actor: Actor;
    lang?: Language;
  }) => versioned(lang).update({ db, id, input, actor }),
};
