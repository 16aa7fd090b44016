import type { EXCHANGE_RATE_SORTABLE, TExchangeRateListQuery } from '@portal/contracts';
import { and, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, runRendered } from '../../platform/db/client';
import { type ListSpec, listPage, listWhere } from '../../platform/list/list-query';
import { exchangeRates } from './exchange-rate.tables';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;
type Sort = (typeof EXCHANGE_RATE_SORTABLE)[number];

/** The rates of one currency pair whose effective date meets `date`. */
const pairOn = (from: string, to: string, date: SQL) =>
  and(eq(exchangeRates.from_currency, from), eq(exchangeRates.to_currency, to), date);

const spec: ListSpec<Sort> = {
  table: exchangeRates,
  sortable: {
    from_currency: exchangeRates.from_currency,
    to_currency: exchangeRates.to_currency,
    effective_date: exchangeRates.effective_date,
    rate: exchangeRates.rate,
    updated_at: exchangeRates.updated_at,
  },
  defaultSort: 'effective_date',
  tiebreak: exchangeRates.id,
  searchText: sql`lower(${exchangeRates.from_currency} || '/' || ${exchangeRates.to_currency})`,
};

const filters = (q: TExchangeRateListQuery): (SQL | undefined)[] => [
  q.from_currency ? eq(exchangeRates.from_currency, q.from_currency) : undefined,
  q.to_currency ? eq(exchangeRates.to_currency, q.to_currency) : undefined,
];

/** Exchange-rate queries. */
export const exchangeRateRepository = {
  page(db: DbOrTx, q: TExchangeRateListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(exchangeRates)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(exchangeRates).where(eq(exchangeRates.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async samePairAndDate(db: DbOrTx, from: string, to: string, date: string) {
    const [row] = await db
      .select()
      .from(exchangeRates)
      .where(pairOn(from, to, eq(exchangeRates.effective_date, date)));
    return row;
  },

  /** The pair's rate effective on `date`: the latest effective_date on or before it. */
  async effective(db: DbOrTx, from: string, to: string, date: string) {
    // Rendered once (client.ts runRendered) and prepared: every invoice creation in a foreign currency reads it.
    const [row] = await runRendered<(typeof exchangeRates.$inferSelect)[]>(
      db,
      'exchangeRate.effective',
      () =>
        db
          .select()
          .from(exchangeRates)
          .where(
            and(
              eq(exchangeRates.from_currency, sql.placeholder('from')),
              eq(exchangeRates.to_currency, sql.placeholder('to')),
              lte(exchangeRates.effective_date, sql.placeholder('date')),
            ),
          )
          .orderBy(desc(exchangeRates.effective_date))
          .limit(1),
      { from, to, date },
    );
    return row;
  },

  async insert(db: DbOrTx, values: typeof exchangeRates.$inferInsert) {
    const [row] = await db.insert(exchangeRates).values(values).returning();
    return row;
  },

  /** Many rates at once (the demo seed); existing pair/date rows are kept. */
  async insertMany(db: DbOrTx, values: (typeof exchangeRates.$inferInsert)[]) {
    if (values.length) await db.insert(exchangeRates).values(values).onConflictDoNothing();
  },

  async updateRateIfVersion(db: DbOrTx, id: number, version: number, rate: string, by: string) {
    const [row] = await db
      .update(exchangeRates)
      .set({ rate, updated_by: by, version: sql`${exchangeRates.version} + 1`, updated_at: sql`now()` })
      .where(and(eq(exchangeRates.id, id), eq(exchangeRates.version, version)))
      .returning();
    return row;
  },
};
