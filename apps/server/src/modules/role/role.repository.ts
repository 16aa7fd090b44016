import type { ROLE_SORTABLE, TRoleListQuery } from '@portal/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { announceActorChange } from '../../platform/access/actor-cache';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { type ListSpec, listPage, listWhere } from '../../platform/list/list-query';
import { funcs, roleFuncs, roles } from '../auth';

export type RoleRow = typeof roles.$inferSelect;
type Sort = (typeof ROLE_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: roles,
  sortable: { code: roles.code, name: roles.name, updated_at: roles.updated_at },
  defaultSort: 'code',
  tiebreak: roles.role_id,
  searchText: sql`lower(${roles.code} || ' ' || ${roles.name})`,
};

/** Role catalogue queries (roles, role_funcs, funcs). */
export const roleRepository = {
  page(db: DbOrTx, q: TRoleListQuery) {
    const where = listWhere(spec, q.q, []);
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(roles)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(roles).where(eq(roles.role_id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async codeTaken(db: DbOrTx, code: string, exceptId?: number) {
    const [row] = await db
      .select({ id: roles.role_id })
      .from(roles)
      .where(
        and(sql`lower(${roles.code}) = lower(${code})`, exceptId ? ne(roles.role_id, exceptId) : undefined),
      )
      .limit(1);
    return !!row;
  },

  /** Function ids of these roles. */
  funcsOf(db: DbOrTx, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db.select().from(roleFuncs).where(inArray(roleFuncs.role_id, ids)).orderBy(asc(roleFuncs.func_id));
  },

  /** The function-id catalogue, grouped by menu in order. */
  catalogue(db: DbOrTx) {
    return db.select().from(funcs).orderBy(asc(funcs.menu_id), asc(funcs.func_id));
  },

  async insert(db: DbOrTx, values: typeof roles.$inferInsert) {
    const [row] = await db.insert(roles).values(values).returning();
    return row;
  },

  updateIfVersion: versionedUpdate(roles, roles.role_id),

  /** Makes the role's function ids exactly `funcIds`; the access hook reads them on the next request. */
  async setFuncs(db: DbOrTx, id: number, funcIds: string[]) {
    await announceActorChange(db);
    await db.delete(roleFuncs).where(eq(roleFuncs.role_id, id));
    if (funcIds.length)
      await db.insert(roleFuncs).values(funcIds.map((func_id) => ({ role_id: id, func_id })));
  },
};
