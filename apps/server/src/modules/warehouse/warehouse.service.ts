import {
  MAX_EXPORT_ROWS,
  MSG,
  type TWarehouseListQuery,
  type ZCreateWarehouseRequest,
  type ZUpdateWarehouseRequest,
  ZWarehouseFields,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { warehouseRepository as repo } from './warehouse.repository';

export const WAREHOUSE_ENTITY = 'warehouse';
type WarehouseInput = z.output<typeof ZCreateWarehouseRequest>;
type WarehouseUpdate = z.output<typeof ZUpdateWarehouseRequest>;

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
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

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

  async create({ db, input, actor }: { db: Db; input: WarehouseInput; actor: Actor }) {
    return db
      .transaction(async (tx) => {
        if (await repo.byCode(tx, input.warehouse_code)) throw duplicateCode(input.warehouse_code);
        const row = await repo.insert(tx, {
          ...input,
          created_by: actor.login_id,
          updated_by: actor.login_id,
        });
        await recordHistory(tx, {
          entityType: WAREHOUSE_ENTITY,
          entityId: row.party_code_id,
          action: 'create',
          toStatus: row.status,
          actor: who(actor),
        });
        return row;
      })
      .catch((e) => onUniqueViolation(e, input));
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({ db, id, input, actor }: { db: Db; id: number; input: WarehouseUpdate; actor: Actor }) {
    const { version, ...values } = input;
    return db
      .transaction(async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        if (await repo.byCode(tx, values.warehouse_code, id)) throw duplicateCode(values.warehouse_code);
        const row = await repo.updateIfVersion(tx, id, version, { ...values, updated_by: actor.login_id });
        if (!row) throw conflict();
        const changes = diffFields(before, values, EDITABLE);
        if (Object.keys(changes).length) {
          await recordHistory(tx, {
            entityType: WAREHOUSE_ENTITY,
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
      .catch((e) => onUniqueViolation(e, values));
  },
};
