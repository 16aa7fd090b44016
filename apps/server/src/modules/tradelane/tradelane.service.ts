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
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
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
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

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

  async create({ db, input, actor, lang }: { db: Db; input: TradelaneInput; actor: Actor; lang?: Language }) {
    return db
      .transaction(async (tx) => {
        await assertReferences(tx, input);
        if (await repo.byName(tx, input.tradelane_name)) throw duplicateName(input.tradelane_name);
        const id = await repo.insert(tx, {
          ...input,
          created_by: actor.login_id,
          updated_by: actor.login_id,
        });
        await recordHistory(tx, {
          entityType: TRADELANE_ENTITY,
          entityId: id,
          action: 'create',
          actor: who(actor),
        });
        return reread(tx, id, lang);
      })
      .catch((e) => onUniqueViolation(e, input));
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({
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
  }) {
    const { version, ...values } = input;
    return db
      .transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        await assertReferences(tx, values);
        if (await repo.byName(tx, values.tradelane_name, id)) throw duplicateName(values.tradelane_name);
        if (!(await repo.updateIfVersion(tx, id, version, { ...values, updated_by: actor.login_id })))
          throw conflict();
        const changes = diffFields(before, (await repo.byId(tx, id)) ?? {}, EDITABLE);
        if (Object.keys(changes).length) {
          await recordHistory(tx, {
            entityType: TRADELANE_ENTITY,
            entityId: id,
            action: 'update',
            changes,
            actor: who(actor),
          });
        }
        return reread(tx, id, lang);
      })
      .catch((e) => onUniqueViolation(e, values));
  },
};
