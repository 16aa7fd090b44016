import type { SYS_NOTICE_SORTABLE, TSysNoticeListQuery } from '@portal/contracts';
import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { sysNotices } from './sys-notice.tables';

export type SysNoticeRow = typeof sysNotices.$inferSelect;
type Sort = (typeof SYS_NOTICE_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: sysNotices,
  sortable: {
    notice_title: sysNotices.notice_title,
    notice_type: sysNotices.notice_type,
    valid_from: sysNotices.valid_from,
    valid_to: sysNotices.valid_to,
    updated_at: sysNotices.updated_at,
  },
  defaultSort: 'valid_from',
  tiebreak: sysNotices.uid,
  // A small table (a handful of notices): a sequential scan is fine, no trigram index.
  searchText: sql`lower(${sysNotices.notice_title} || ' ' || ${sysNotices.notice_body} || ' ' || coalesce(${sysNotices.affected_system}, ''))`,
};

/** The notice's validity window holds now. */
const validNow = () => and(lte(sysNotices.valid_from, sql`now()`), gt(sysNotices.valid_to, sql`now()`));

const filters = (q: TSysNoticeListQuery): (SQL | undefined)[] => [
  q.notice_type ? eq(sysNotices.notice_type, q.notice_type) : undefined,
  q.validity === 'current'
    ? validNow()
    : q.validity === 'future'
      ? gt(sysNotices.valid_from, sql`now()`)
      : q.validity === 'past'
        ? lte(sysNotices.valid_to, sql`now()`)
        : undefined,
];

/** System notice queries. */
export const sysNoticeRepository = {
  /** Notices and alerts whose validity window holds now, oldest first (the session answer shows them). */
  listValidNow(db: DbOrTx): Promise<SysNoticeRow[]> {
    return db.select().from(sysNotices).where(validNow()).orderBy(asc(sysNotices.valid_from));
  },
  page(db: DbOrTx, q: TSysNoticeListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(sysNotices)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order, at most `limit` (the export). */
  all(db: DbOrTx, q: TSysNoticeListQuery, limit: number) {
    return db
      .select()
      .from(sysNotices)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, uid: string, forUpdate = false) {
    const query = db.select().from(sysNotices).where(eq(sysNotices.uid, uid));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async insert(db: DbOrTx, values: typeof sysNotices.$inferInsert) {
    const [row] = await db.insert(sysNotices).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate<typeof sysNotices, string>(sysNotices, sysNotices.uid),
};
