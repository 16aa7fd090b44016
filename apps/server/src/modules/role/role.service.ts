import { MSG, type TRoleListQuery, type ZRoleFields } from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { type RoleRow, roleRepository as repo } from './role.repository';

export const ROLE_ENTITY = 'role';
type Fields = z.output<typeof ZRoleFields>;
/** A role with its function ids, as the presenter needs it. */
export type RoleWithFuncs = RoleRow & { func_ids: string[] };

const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });
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

/** Function ids must come from the catalogue (the funcs table), never free text. */
async function checkFuncs(db: DbOrTx, ids: string[]) {
  const known = new Set((await repo.catalogue(db)).map((f) => f.func_id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length)
    throw badRequest(
      unknown.map((value) => ({ field: 'func_ids', msgKey: MSG.referenceUnknown, params: { value } })),
      MSG.referenceUnknown,
    );
  return [...new Set(ids)].sort();
}

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

  async create(db: Db, opts: { body: Fields; actor: Actor }) {
    const v = opts.body;
    try {
      return await db.transaction(async (tx) => {
        if (await repo.codeTaken(tx, v.code)) throw dupCode(v.code);
        const ids = await checkFuncs(tx, v.func_ids);
        const row = await repo.insert(tx, {
          code: v.code,
          name: v.name,
          created_by: opts.actor.login_id,
          updated_by: opts.actor.login_id,
        });
        await repo.setFuncs(tx, row.role_id, ids);
        await recordHistory(tx, {
          entityType: ROLE_ENTITY,
          entityId: row.role_id,
          action: 'create',
          changes: diffFields(null, { func_ids: ids.join(', ') }),
          actor: who(opts.actor),
        });
        return { ...row, func_ids: ids };
      });
    } catch (e) {
      return onUnique(e, v);
    }
  },

  /** Saves under the loaded version; users holding the role get the new function ids on their next request. */
  async update(db: Db, opts: { id: number; body: Fields & { version: number }; actor: Actor }) {
    const { version, ...v } = opts.body;
    try {
      return await db.transaction(async (tx) => {
        const before = await repo.byId(tx, opts.id, true);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        if (await repo.codeTaken(tx, v.code, opts.id)) throw dupCode(v.code);
        const ids = await checkFuncs(tx, v.func_ids);
        const beforeFuncs = (await withFuncs(tx, [before]))[0].func_ids.join(', ');
        const row = await repo.updateIfVersion(tx, opts.id, version, {
          code: v.code,
          name: v.name,
          updated_by: opts.actor.login_id,
        });
        if (!row) throw conflict();
        await repo.setFuncs(tx, opts.id, ids);
        await recordHistory(tx, {
          entityType: ROLE_ENTITY,
          entityId: opts.id,
          action: 'update',
          changes: diffFields(
            { code: before.code, name: before.name, func_ids: beforeFuncs },
            { code: row.code, name: row.name, func_ids: (await withFuncs(tx, [row]))[0].func_ids.join(', ') },
            ['code', 'name', 'func_ids'],
          ),
          actor: who(opts.actor),
        });
        return { ...row, func_ids: ids };
      });
    } catch (e) {
      return onUnique(e, v);
    }
  },
};
