import { asc, desc, sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { idsAmong, idsIn } from '../search/document-numbers';
import { renderedSelect, selectPage, selectPageAmong } from './rendered-select';

/**
 * A page read among a large id set (selectPageAmong: the set first, then the page's keys, then their rows) is
 * the page a plain statement answers, for any sort, direction, limit, offset and further condition: random
 * cases against the real PostgreSQL on a table with ties and nulls in every sort column.
 */
const items = pgTable('rs_items', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  amount: numeric('amount'),
  day: date('day'),
  kind: text('kind').notNull(),
});
const owners = pgTable('rs_owners', { kind: text('kind').primaryKey(), label: text('label').notNull() });

const head = renderedSelect(
  { id: items.id, code: items.code, amount: items.amount, day: items.day, label: owners.label },
  sql`${items} left join ${owners} on ${owners.kind} = ${items.kind}`,
);
const sortable = { code: items.code, amount: items.amount, day: items.day } as const;
const set = { table: 'rs_items', columns: [items.id, items.code, items.amount, items.day, items.kind] };

let t: TestApp;
const ROWS = 3_000;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table rs_items (id int primary key, code text not null, amount numeric, day date,
                           kind text not null)`);
  await t.db.execute(sql`create table rs_owners (kind text primary key, label text not null)`);
  await t.db.execute(sql`insert into rs_owners values ('A', 'Alpha'), ('B', 'Beta')`);
  // Codes repeat (ties broken by id), a tenth of amounts and days are null.
  await t.db.execute(sql`insert into rs_items
    select g, 'C' || lpad((g * 7919 % 500)::text, 4, '0'),
           case when g % 10 = 0 then null else (g * 37 % 1000)::numeric / 100 end,
           case when g % 10 = 3 then null else date '2026-01-01' + (g * 13 % 365) end,
           case when g % 3 = 0 then 'A' else 'B' end
      from generate_series(1, ${ROWS}) g`);
  await t.db.execute(sql`analyze rs_items`);
});
afterAll(() => t.close());

const page = async (q: ReturnType<typeof sql>) =>
  (await t.db.execute<{ id: number }>(q)).rows.map((r) => r.id);

describe('selectPageAmong', () => {
  it('answers the same page as a plain statement for random sets, sorts, pages and conditions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: ROWS + 50 }), { minLength: 0, maxLength: 1_500 }),
        fc.constantFrom(...(Object.keys(sortable) as (keyof typeof sortable)[])),
        fc.boolean(),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(undefined, 'A', 'B'),
        async (ids, sort, descending, limit, offset, kind) => {
          const dir = descending ? desc : asc;
          const orderBy = [dir(sortable[sort]), dir(items.id)];
          const extra = kind ? sql` and ${items.kind} = ${kind}` : sql``;
          const expected = await page(
            selectPage(head, { where: sql`${idsIn(items.id, ids)}${extra}`, orderBy, limit, offset }),
          );
          const got = await page(
            selectPageAmong(
              head,
              {
                where: sql`${sql`${items.id} = any(${sql.param(ids)}::int[])`}${extra}`,
                orderBy,
                limit,
                offset,
              },
              set,
            ),
          );
          expect(got).toEqual(expected);
          // idsAmong's form (the set gathered inside the statement) reads the same page.
          const gathered = idsAmong(items.id, sql`select unnest(${sql.param(ids)}::int[])`);
          expect(
            await page(
              selectPageAmong(head, { where: sql`${gathered}${extra}`, orderBy, limit, offset }, set),
            ),
          ).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
