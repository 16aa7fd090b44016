import type { ACCOUNT_GROUP_SORTABLE, TAccountGroupListQuery } from '@portal/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { type ListSpec, likeEscape, listPage, listWhere } from '../../platform/list/list-query';
import { accountGroups } from './party.tables';

export type AccountGroupRow = typeof accountGroups.$inferSelect;
type Sort = (typeof ACCOUNT_GROUP_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: accountGroups,
  sortable: {
    code: accountGroups.code,
    name: accountGroups.name,
    status: accountGroups.status,
    updated_at: accountGroups.updated_at,
  },
  defaultSort: 'code',
  tiebreak: accountGroups.customer_id,
  // Same expression as account_groups_search_trgm_idx.
  searchText: sql`lower(${accountGroups.code} || ' ' || ${accountGroups.name})`,
};

/** Account group code queries. */
export const accountGroupRepository = {
  page(db: DbOrTx, q: TAccountGroupListQuery) {
    return listPage(db, spec, q, listWhere(spec, q.q, []), ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(accountGroups)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(accountGroups).where(eq(accountGroups.customer_id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Whether another account group already uses this code (case-insensitive, like the unique index). */
  async codeTaken(db: DbOrTx, code: string, exceptId?: number) {
    const [row] = await db
      .select({ id: accountGroups.customer_id })
      .from(accountGroups)
      .where(
        and(
          sql`upper(${accountGroups.code}) = upper(${code})`,
          exceptId ? ne(accountGroups.customer_id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  },

  async insert(db: DbOrTx, values: typeof accountGroups.$inferInsert) {
    const [row] = await db.insert(accountGroups).values(values).returning();
    return row;
  },

  updateIfVersion: versionedUpdate(accountGroups, accountGroups.customer_id),

  /** Options for the account group picker on the party form. */
  options(db: DbOrTx, text: string | null, ids: number[] | null, limit: number) {
    const where = ids?.length
      ? sql`${accountGroups.customer_id} in ${ids}`
      : text
        ? sql`${accountGroups.status} = 'A' and lower(${accountGroups.code} || ' ' || ${accountGroups.name}) like ${`%${likeEscape(text.toLowerCase())}%`}`
        : eq(accountGroups.status, 'A');
    return db.select().from(accountGroups).where(where).orderBy(accountGroups.code).limit(limit);
  },
};
