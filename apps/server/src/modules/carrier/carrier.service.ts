import {
  MAX_EXPORT_ROWS,
  MSG,
  type TCarrierListQuery,
  type TFieldError,
  ZCarrierFields,
  type ZCreateCarrierRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { type CarrierRow, carrierRepository as repo } from './carrier.repository';

export const CARRIER_ENTITY = 'carrier';
type CarrierInput = z.output<typeof ZCreateCarrierRequest>;

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

/** Create and update with version check and history; duplicates answer 409 with every clashing field. */
const versioned = versionedRecord({
  entityType: CARRIER_ENTITY,
  repo,
  idOf: (r: CarrierRow) => r.id,
  editable: EDITABLE,
  statusOf: (r) => r.status,
  check: async (tx, v: CarrierInput, id) => {
    const dups = duplicateDetails(v, await repo.conflicts(tx, v, id));
    if (dups.length) throw duplicateError(dups);
  },
  onError: mapUniqueViolation,
});

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

  /** Carriers for a selection (code or name search, or the chosen codes). */
  options: (db: Db, text: string | null, values: string[] | null, limit: number) =>
    repo.options(db, text, values, limit),

  ...versioned,
};
