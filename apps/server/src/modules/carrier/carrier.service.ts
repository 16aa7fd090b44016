import {
  MAX_EXPORT_ROWS,
  MSG,
  type TCarrierListQuery,
  type TFieldError,
  ZCarrierFields,
  type ZCreateCarrierRequest,
  type ZUpdateCarrierRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { type CarrierRow, carrierRepository as repo } from './carrier.repository';

export const CARRIER_ENTITY = 'carrier';
type CarrierInput = z.output<typeof ZCreateCarrierRequest>;
type CarrierUpdate = z.output<typeof ZUpdateCarrierRequest>;

/** Fields whose changes the history records: every field an administrator edits. */
const EDITABLE = Object.keys(ZCarrierFields.shape) as (keyof typeof ZCarrierFields.shape)[];

const UNIQUE_INDEX_FIELD: Record<string, [keyof CarrierInput, string]> = {
  carriers_code_uq: ['carrier_code', MSG.carrierDuplicateCode],
  carriers_scac_uq: ['scac', MSG.carrierDuplicateScac],
  carriers_cbsa_uq: ['cbsa', MSG.carrierDuplicateCbsa],
  carriers_naccs_uq: ['naccs', MSG.carrierDuplicateNaccs],
  carriers_display_name_uq: ['display_name', MSG.carrierDuplicateDisplayName],
  carriers_full_name_uq: ['full_name', MSG.carrierDuplicateFullName],
};

/** Names every unique value of `v` that another carrier already uses (001 §8 duplicate messages). */
function duplicateDetails(v: CarrierInput, others: CarrierRow[]): TFieldError[] {
  const lc = (s: string | null) => s?.toLowerCase() ?? null;
  const d: TFieldError[] = [];
  const check = (field: keyof CarrierInput, msgKey: string, same: (o: CarrierRow) => boolean) => {
    if (others.some(same)) d.push({ field, msgKey, params: { value: String(v[field] ?? '') } });
  };
  check('carrier_code', MSG.carrierDuplicateCode, (o) => o.carrier_code === v.carrier_code);
  check('scac', MSG.carrierDuplicateScac, (o) => !!v.scac && o.scac === v.scac);
  check('cbsa', MSG.carrierDuplicateCbsa, (o) => !!v.cbsa && o.cbsa === v.cbsa);
  check('naccs', MSG.carrierDuplicateNaccs, (o) => !!v.naccs && o.naccs === v.naccs);
  check('display_name', MSG.carrierDuplicateDisplayName, (o) => lc(o.display_name) === lc(v.display_name));
  check('full_name', MSG.carrierDuplicateFullName, (o) => lc(o.full_name) === lc(v.full_name));
  return d;
}

/** A unique index hit by a concurrent insert becomes the same duplicate answer as the pre-check. */
const mapUniqueViolation = (e: unknown, v: CarrierInput): never =>
  rethrowUniqueViolation(
    e,
    Object.fromEntries(
      Object.entries(UNIQUE_INDEX_FIELD).map(([index, [field, msgKey]]) => [
        index,
        { field, msgKey, value: v[field] },
      ]),
    ),
  );

const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

/** Carrier maintenance rules (001 §5 Carrier). */
export const carrierService = {
  list: (db: Db, query: TCarrierListQuery) => repo.page(db, query),

  async get(db: Db, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TCarrierListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  history: (db: Db, id: number) => listHistory(db, CARRIER_ENTITY, id),

  async create({ db, input, actor }: { db: Db; input: CarrierInput; actor: Actor }) {
    return db
      .transaction(async (tx) => {
        const dups = duplicateDetails(input, await repo.conflicts(tx, input));
        if (dups.length) throw duplicateError(dups);
        const row = await repo.insert(tx, {
          ...input,
          created_by: actor.login_id,
          updated_by: actor.login_id,
        });
        await recordHistory(tx, {
          entityType: CARRIER_ENTITY,
          entityId: row.id,
          action: 'create',
          toStatus: row.status,
          actor: who(actor),
        });
        return row;
      })
      .catch((e) => mapUniqueViolation(e, input));
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({ db, id, input, actor }: { db: Db; id: number; input: CarrierUpdate; actor: Actor }) {
    const { version, ...values } = input;
    return db
      .transaction(async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        const dups = duplicateDetails(values, await repo.conflicts(tx, values, id));
        if (dups.length) throw duplicateError(dups);
        const row = await repo.updateIfVersion(tx, id, version, { ...values, updated_by: actor.login_id });
        if (!row) throw conflict();
        const changes = diffFields(before, values, EDITABLE);
        if (Object.keys(changes).length) {
          await recordHistory(tx, {
            entityType: CARRIER_ENTITY,
            entityId: id,
            action: 'update',
            fromStatus: before.status,
            toStatus: row.status,
            changes,
            actor: who(actor),
          });
        }
        return row;
      })
      .catch((e) => mapUniqueViolation(e, values));
  },
};
