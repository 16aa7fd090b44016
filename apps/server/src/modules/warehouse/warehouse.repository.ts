import {
  type TWarehouseListQuery,
  WAREHOUSE_FILTER_FIELDS,
  type WAREHOUSE_SORTABLE,
} from '@portal/contracts';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, likeEscape, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { warehouses } from './warehouse.tables';

export type WarehouseRow = typeof warehouses.$inferSelect;
type Sort = (typeof WAREHOUSE_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: warehouses,
  sortable: {
    warehouse_code: warehouses.warehouse_code,
    warehouse_name: warehouses.warehouse_name,
    contact_person: warehouses.contact_person,
    status: warehouses.status,
    updated_at: warehouses.updated_at,
  },
  defaultSort: 'warehouse_code',
  tiebreak: warehouses.party_code_id,
  // Same expression as the trigram index warehouses_search_trgm_idx.
  searchText: sql`lower(${warehouses.warehouse_code} || ' ' || ${warehouses.warehouse_name} || ' ' || coalesce(${warehouses.contact_person}, ''))`,
};

/** The custom filter whitelist: WAREHOUSE_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(WAREHOUSE_FILTER_FIELDS, {
  warehouse_code: warehouses.warehouse_code,
  warehouse_name: warehouses.warehouse_name,
  contact_person: warehouses.contact_person,
  contact_email: warehouses.contact_email,
  tel: warehouses.tel,
  status: warehouses.status,
});

const filters = (q: TWarehouseListQuery): (SQL | undefined)[] => [
  q.status ? eq(warehouses.status, q.status) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

/** Warehouse queries. */
export const warehouseRepository = {
  page(db: DbOrTx, q: TWarehouseListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(warehouses)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order, at most `limit`. */
  all(db: DbOrTx, q: TWarehouseListQuery, limit: number) {
    return db
      .select()
      .from(warehouses)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(warehouses).where(eq(warehouses.party_code_id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Another warehouse (not `exceptId`) with this code. */
  async byCode(db: DbOrTx, code: string, exceptId?: number) {
    const same = eq(warehouses.warehouse_code, code);
    const [row] = await db
      .select({ party_code_id: warehouses.party_code_id })
      .from(warehouses)
      .where(exceptId ? and(same, ne(warehouses.party_code_id, exceptId)) : same)
      .limit(1);
    return row;
  },

  async insert(db: DbOrTx, values: typeof warehouses.$inferInsert) {
    const [row] = await db.insert(warehouses).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate(warehouses, warehouses.party_code_id),

  /** Options for pickers: active warehouses by code prefix or name. */
  options(db: DbOrTx, text: string | null, values: string[] | null, limit: number) {
    const t = likeEscape((text ?? '').trim());
    const where = values?.length
      ? sql`${warehouses.warehouse_code} in ${values}`
      : and(
          eq(warehouses.status, 'A'),
          t
            ? or(
                sql`${warehouses.warehouse_code} ilike ${`${t}%`}`,
                sql`${warehouses.warehouse_name} ilike ${`%${t}%`}`,
              )
            : undefined,
        );
    return db
      .select({ code: warehouses.warehouse_code, name: warehouses.warehouse_name })
      .from(warehouses)
      .where(where)
      .orderBy(warehouses.warehouse_code)
      .limit(limit);
  },
};
