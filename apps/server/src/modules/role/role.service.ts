import { MSG, type TRoleListQuery, type ZRoleFields } from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { type RoleRow, roleRepository as repo } from './role.repository';

export const ROLE_ENTITY = 'role';
type Fields = z.output<typeof ZRoleFields>;
/** A role with its function ids, as the presenter needs it. */
export type RoleWithFuncs = RoleRow & { func_ids: string[] };

const dupCode = (v: string) =>
  duplicateError([{ field: 'code', msgKey: MSG.roleDuplicateCode, params: { value: v } }]);
const onUnique = (e: unknown, v: Fields) =>
  rethrowUniqueViolation(e, {
    roles_code_unique: { field: 'code', msgKey: MSG.roleDuplicateCode, value: v.code },
  });

async function withFuncs(db: DbOrTx, rows: RoleRow[]): Promise<RoleWithFuncs[]> {
  const links = await repo.funcsOf(
    db,
    rows.map((r) => r.role_id),
  );
  return rows.map((r) => ({
    ...r,
    func_ids: links.filter((l) => l.role_id === r.role_id).map((l) => l.func_id),
  }));
}

/** The function ids a role stores: each once, sorted. */
const funcIdsOf = (v: Fields) => [...new Set(v.func_ids)].sort();

/** Function ids must come from the catalogue (the funcs table), never free text. */
async function checkFuncs(db: DbOrTx, ids: string[]) {
  const known = new Set((await repo.catalogue(db)).map((f) => f.func_id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length)
    throw badRequest(
      unknown.map((value) => ({ field: 'func_ids', msgKey: MSG.referenceUnknown, params: { value } })),
      MSG.referenceUnknown,
    );
}

/** The role's own columns (its function ids are child rows). */
const columns = <V extends Fields>({ func_ids: _, ...cols }: V) => cols;
const funcText = async (tx: DbOrTx, id: number) =>
  (await repo.funcsOf(tx, [id])).map((l) => l.func_id).join(', ');

/**
 * Create and update with version check and history (versionedRecord): the code is unique and every function
 * id in the catalogue; the function ids are child rows, recorded as one text (on create too), and every save
 * records an update entry, changed or not.
 */
const versioned = versionedRecord({
  entityType: ROLE_ENTITY,
  repo: {
    byId: repo.byId,
    insert: (db: DbOrTx, values: Fields & { created_by: string; updated_by: string }) =>
      repo.insert(db, columns(values)),
    updateIfVersion: (db: DbOrTx, id: number, version: number, values: Fields & { updated_by: string }) =>
      repo.updateIfVersion(db, id, version, columns(values)),
  },
  idOf: (r) => r.role_id,
  editable: ['code', 'name'],
  check: async (tx, v: Fields, id) => {
    if (await repo.codeTaken(tx, v.code, id)) throw dupCode(v.code);
    await checkFuncs(tx, v.func_ids);
  },
  onError: onUnique,
  children: {
    fields: ['func_ids'],
    write: (tx, id, v) => repo.setFuncs(tx, id, funcIdsOf(v)),
    read: async (tx, id) => ({ func_ids: await funcText(tx, id) }),
  },
  createdValues: (_row, v) => ({ func_ids: funcIdsOf(v).join(', ') }),
  recordUnchanged: true,
  answer: (_tx, row, v): RoleWithFuncs => ({ ...row, func_ids: funcIdsOf(v) }),
});

/** The role → function-id catalogue (/BMS/role_maintenance). */
export const roleService = {
  async list(db: Db, q: TRoleListQuery) {
    const page = await repo.page(db, q);
    return { ...page, rows: await withFuncs(db, page.rows) };
  },

  async get(db: DbOrTx, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return (await withFuncs(db, [row]))[0];
  },

  catalogue: (db: Db) => repo.catalogue(db),

  create: (db: Db, opts: { body: Fields; actor: Actor }) =>
    versioned.create({ db, input: opts.body, actor: opts.actor }),

  /** Saves under the loaded version; users holding the role get the new function ids on their next request. */
  update: (db: Db, opts: { id: number; body: Fields & { version: number }; actor: Actor }) =>
    versioned.update({ db, id: opts.id, input: opts.body, actor: opts.actor }),
};
