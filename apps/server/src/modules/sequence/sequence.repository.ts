import {
  SEQUENCE_FILTER_FIELDS,
  type SEQUENCE_SORTABLE,
  type TSequenceRuleListQuery,
} from '@portal/contracts';
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared, runRendered } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { mstSeqCounters, mstSeqFreeNumbers, mstSeqRules } from './sequence.tables';

export type SequenceRuleRow = typeof mstSeqRules.$inferSelect;
export type SequenceCounterRow = typeof mstSeqCounters.$inferSelect;
type Sort = (typeof SEQUENCE_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: mstSeqRules,
  sortable: {
    doc_type: mstSeqRules.doc_type,
    office_code: mstSeqRules.office_code,
    prefix: mstSeqRules.prefix,
    date_format: mstSeqRules.date_format,
    reset_period: mstSeqRules.reset_period,
    status: mstSeqRules.status,
    updated_at: mstSeqRules.updated_at,
  },
  defaultSort: 'doc_type',
  tiebreak: mstSeqRules.mst_seq_rule_id,
  // A few rules per document type and office: a sequential scan is the right plan, no trigram index.
  searchText: sql`lower(${mstSeqRules.doc_type} || ' ' || coalesce(${mstSeqRules.office_code}, '') || ' ' || ${mstSeqRules.prefix} || ' ' || coalesce(${mstSeqRules.description}, ''))`,
};

/** The custom filter whitelist: SEQUENCE_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(SEQUENCE_FILTER_FIELDS, {
  doc_type: mstSeqRules.doc_type,
  office_code: mstSeqRules.office_code,
  prefix: mstSeqRules.prefix,
  description: mstSeqRules.description,
  date_format: mstSeqRules.date_format,
  reset_period: mstSeqRules.reset_period,
  status: mstSeqRules.status,
});

const filters = (q: TSequenceRuleListQuery): (SQL | undefined)[] => [
  q.doc_type ? eq(mstSeqRules.doc_type, q.doc_type) : undefined,
  q.reset_period ? eq(mstSeqRules.reset_period, q.reset_period) : undefined,
  q.status ? eq(mstSeqRules.status, q.status) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

/** Sequence rule and counter queries. */
export const sequenceRepository = {
  page(db: DbOrTx, q: TSequenceRuleListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(mstSeqRules)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching rule in list order, at most `limit`. */
  all(db: DbOrTx, q: TSequenceRuleListQuery, limit: number) {
    return db
      .select()
      .from(mstSeqRules)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(mstSeqRules).where(eq(mstSeqRules.mst_seq_rule_id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Another rule for the same document type and office (null office = the generic rule). */
  async sameScope(db: DbOrTx, docType: string, officeCode: string | null, exceptId?: number) {
    const [row] = await db
      .select()
      .from(mstSeqRules)
      .where(
        and(
          eq(mstSeqRules.doc_type, docType),
          sql`coalesce(${mstSeqRules.office_code}, '') = ${officeCode ?? ''}`,
          exceptId ? ne(mstSeqRules.mst_seq_rule_id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row;
  },

  /** The active rule numbering `docType` for `officeCode`: the office's own rule before the generic one. */
  async applicable(db: DbOrTx, docType: string, officeCode: string | null) {
    // Rendered once for an office and once without (client.ts runRendered) and prepared: every numbered
    // document asks it.
    const [row] = await runRendered<SequenceRuleRow[]>(
      db,
      officeCode ? 'sequence.applicable:office' : 'sequence.applicable',
      () =>
        db
          .select()
          .from(mstSeqRules)
          .where(
            and(
              eq(mstSeqRules.doc_type, sql.placeholder('docType')),
              eq(mstSeqRules.status, 'A'),
              officeCode
                ? or(
                    eq(mstSeqRules.office_code, sql.placeholder('officeCode')),
                    isNull(mstSeqRules.office_code),
                  )
                : isNull(mstSeqRules.office_code),
            ),
          )
          .orderBy(sql`${mstSeqRules.office_code} nulls last`)
          .limit(1),
      officeCode ? { docType, officeCode } : { docType },
    );
    return row;
  },

  async insert(db: DbOrTx, values: typeof mstSeqRules.$inferInsert) {
    const [row] = await db.insert(mstSeqRules).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate(mstSeqRules, mstSeqRules.mst_seq_rule_id),

  /** Counters of these rules in the given periods (one period per rule). */
  async counters(db: DbOrTx, wanted: { id: number; periodKey: string }[]) {
    if (!wanted.length) return [];
    const rows = await db
      .select()
      .from(mstSeqCounters)
      .where(
        inArray(
          mstSeqCounters.mst_seq_rule_id,
          wanted.map((w) => w.id),
        ),
      );
    return rows.filter((r) => wanted.some((w) => w.id === r.mst_seq_rule_id && w.periodKey === r.period_key));
  },

  /** The latest periods' counters of one rule, newest first. */
  recentCounters(db: DbOrTx, id: number, limit: number) {
    return db
      .select()
      .from(mstSeqCounters)
      .where(eq(mstSeqCounters.mst_seq_rule_id, id))
      .orderBy(desc(mstSeqCounters.period_key))
      .limit(limit);
  },

  /**
   * Takes the next running number of a rule in a period and answers it. The counter row stays locked until
   * the caller's transaction ends, so concurrent allocations queue and a rollback gives the number back.
   */
  async takeNext(tx: DbOrTx, id: number, periodKey: string, startNumber: number): Promise<number> {
    const [row] = await tx
      .insert(mstSeqCounters)
      .values({ mst_seq_rule_id: id, period_key: periodKey, next_number: startNumber + 1 })
      .onConflictDoUpdate({
        target: [mstSeqCounters.mst_seq_rule_id, mstSeqCounters.period_key],
        set: { next_number: sql`${mstSeqCounters.next_number} + 1`, updated_at: sql`now()` },
      })
      .returning({ next: mstSeqCounters.next_number });
    return row.next - 1;
  },

  /**
   * Takes the lowest free number of a rule and period that no other transaction is taking (mst_seq_free_numbers,
   * `skip locked`: it never waits); undefined when none is free. Deleted in the caller's transaction: a rollback
   * puts it back.
   */
  async takeFree(tx: DbOrTx, id: number, periodKey: string): Promise<number | undefined> {
    const { rows } = await executePrepared<{ n: string | number }>(
      tx,
      sql`
      delete from ${mstSeqFreeNumbers} f
       where (f.mst_seq_rule_id, f.period_key, f.running_number) =
             (select x.mst_seq_rule_id, x.period_key, x.running_number from ${mstSeqFreeNumbers} x
               where x.mst_seq_rule_id = ${id} and x.period_key = ${periodKey}
               order by x.running_number limit 1 for update skip locked)
      returning f.running_number as n`,
    );
    return rows[0] ? Number(rows[0].n) : undefined;
  },

  /**
   * Locks the counter of a rule and period until the caller's transaction ends (made at `startNumber` when the
   * period is new) and answers its next unallocated number. Creations that found no free number wait here.
   */
  async lockCounter(tx: DbOrTx, id: number, periodKey: string, startNumber: number): Promise<number> {
    const [row] = await tx
      .insert(mstSeqCounters)
      .values({ mst_seq_rule_id: id, period_key: periodKey, next_number: startNumber })
      .onConflictDoUpdate({
        target: [mstSeqCounters.mst_seq_rule_id, mstSeqCounters.period_key],
        set: { updated_at: sql`now()` },
      })
      .returning({ next: mstSeqCounters.next_number });
    return row.next;
  },

  /**
   * Allocates the block [from, from + size) on the locked counter: `from` is the caller's, the rest become free
   * numbers (visible to others when the caller commits; a rollback takes the whole block back).
   */
  async allocateBlock(tx: DbOrTx, id: number, periodKey: string, from: number, size: number) {
    await tx.execute(sql`
      with c as (update ${mstSeqCounters} set next_number = ${from + size}, updated_at = now()
                  where mst_seq_rule_id = ${id} and period_key = ${periodKey})
      insert into ${mstSeqFreeNumbers} (mst_seq_rule_id, period_key, running_number)
      select ${id}, ${periodKey}, g from generate_series(${from + 1}::bigint, ${from + size - 1}::bigint) g`);
  },

  /**
   * Keeps at least `low` free numbers of a rule and period (own transaction of the caller): when fewer are
   * free, locks the counter (waiting only for another top-up or a creation that found none free) and makes
   * the next `size` numbers free. Answers how many it added (0 when enough were free or the period has no
   * counter yet).
   */
  async topUpFree(tx: DbOrTx, id: number, periodKey: string, low: number, size: number): Promise<number> {
    const { rows } = await executePrepared<{ added: number }>(
      tx,
      sql`
      with c as (select next_number from ${mstSeqCounters}
                  where mst_seq_rule_id = ${id} and period_key = ${periodKey}
                    and (select count(*) from ${mstSeqFreeNumbers}
                          where mst_seq_rule_id = ${id} and period_key = ${periodKey}) < ${low}
                  for update),
           u as (update ${mstSeqCounters} m set next_number = c.next_number + ${size}, updated_at = now()
                   from c where m.mst_seq_rule_id = ${id} and m.period_key = ${periodKey}),
           i as (insert into ${mstSeqFreeNumbers} (mst_seq_rule_id, period_key, running_number)
                 select ${id}, ${periodKey}, g from c, generate_series(c.next_number, c.next_number + ${size - 1}) g
                 returning 1)
      select count(*)::int as added from i`,
    );
    return Number(rows[0]?.added ?? 0);
  },

  /** The lowest free number of these rules in the given periods (what the next creation gets before the counter). */
  async lowestFree(db: DbOrTx, wanted: { id: number; periodKey: string }[]) {
    if (!wanted.length) return [];
    const { rows } = await db.execute<{ id: number; period_key: string; n: string | number }>(sql`
      select f.mst_seq_rule_id as id, f.period_key, min(f.running_number) as n from ${mstSeqFreeNumbers} f
       where f.mst_seq_rule_id = any(${sql.param(wanted.map((w) => w.id))}::int[])
       group by 1, 2`);
    return rows
      .filter((r) => wanted.some((w) => w.id === Number(r.id) && w.periodKey === r.period_key))
      .map((r) => ({ id: Number(r.id), periodKey: r.period_key, lowest: Number(r.n) }));
  },
};
