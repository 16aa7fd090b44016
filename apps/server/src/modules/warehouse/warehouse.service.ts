import {
  MAX_EXPORT_ROWS,
  MSG,
  type TWarehouseListQuery,
  type ZCreateWarehouseRequest,
  ZWarehouseFields,
} from '@portal/contracts';
import type { z } from 'zod';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { warehouseRepository as repo } from './warehouse.repository';

export const WAREHOUSE_ENTITY = 'warehouse';
type WarehouseInput = z.output<typeof ZCreateWarehouseRequest>;

/** Fields whose changes the history records: every field an administrator edits. */
const EDITABLE = Object.keys(ZWarehouseFields.shape) as (keyof typeof ZWarehouseFields.shape)[];

const duplicateCode = (code: string) =>
  duplicateError([{ field: 'warehouse_code', msgKey: MSG.warehouseDuplicateCode, params: { value: code } }]);
const onUniqueViolation = (e: unknown, v: WarehouseInput) =>
  rethrowUniqueViolation(e, {
    warehouses_code_uq: {
      field: 'warehouse_code',
      msgKey: MSG.warehouseDuplicateCode,
      value: v.warehouse_code,
    },
  });
/** Create and update with version check and history (the code is unique). */
const versioned = versionedRecord({
  entityType: WAREHOUSE_ENTITY,
  repo,
  idOf: (r) => r.party_code_id,
  editable: EDITABLE,
  statusOf: (r) => r.status,
  check: async (tx, v: WarehouseInput, id) => {
    if (await repo.byCode(tx, v.warehouse_code, id)) throw duplicateCode(v.warehouse_code);
  },
  onError: onUniqueViolation,
});

/** Warehouse maintenance rules (001 §5 Warehouse: the code is unique). */
export const warehouseService = {
  list: (db: Db, query: TWarehouseListQuery) => repo.page(db, query),

  async get(db: Db, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TWarehouseListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  history: (db: Db, id: number) => listHistory(db, WAREHOUSE_ENTITY, id),

  /** Warehouses for a selection (code or name search, or the chosen codes). */
  options: (db: Db, text: string | null, values: string[] | null, limit: number) =>
    repo.options(db, text, values, limit),

  ...versioned,
};
