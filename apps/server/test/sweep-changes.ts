import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../src/platform/db/client';

/**
 * For the sweeps' watermark tests (issue 40): every row of `tables` changed ten minutes ago at the latest
 * (`updated_at`, and `posted_at` where named), the first three rows of the first table exactly then (whenever
 * the test database was made). Answers that moment as the database's text: the watermark a sweep that read
 * them left until session 51 (the last change's time).
 */
export async function changedTenMinutesAgo(
  db: DbOrTx,
  tables: readonly { table: string; id: string; posted?: boolean }[],
): Promise<string> {
  for (const t of tables)
    await db.execute(
      sql.raw(`update ${t.table} set updated_at = least(updated_at, now() - interval '10 minutes')
               ${t.posted ? `, posted_at = least(posted_at, now() - interval '10 minutes')` : ''}`),
    );
  const [first] = tables;
  await db.execute(
    sql.raw(`update ${first.table} set updated_at = now() - interval '10 minutes'
             where ${first.id} in (select ${first.id} from ${first.table} order by ${first.id} limit 3)`),
  );
  const { rows } = await db.execute<{ at: string }>(sql`select (now() - interval '10 minutes')::text as at`);
  return rows[0].at;
}

/**
 * For the sweeps' batch tests (issue 40): every row of `tables` changed at one moment ten minutes ago, as one
 * statement updating them all would leave them (a period close), and where named the rows posted stamped
 * `posted_at` a millisecond later (one moment too). Answers that moment and how many changes each table then
 * holds (posted ones counted twice). Not the same moment on both clocks: an invoice's two changes would then
 * share one (time, id) key, and a batch ending between them is read on as past both (one refresh covers both,
 * but a count of reads could not say which).
 */
export async function changedAtOneMoment(
  db: DbOrTx,
  tables: readonly { table: string; posted?: boolean }[],
): Promise<{ at: string; changes: Record<string, number> }> {
  const { rows } = await db.execute<{ at: string }>(sql`select (now() - interval '10 minutes')::text as at`);
  const at = rows[0].at;
  const changes: Record<string, number> = {};
  for (const t of tables) {
    await db.execute(
      sql`update ${sql.raw(t.table)} set updated_at = ${at}::timestamptz
          ${t.posted ? sql`, posted_at = case when posted_at is null then null else ${at}::timestamptz + interval '1 millisecond' end` : sql``}`,
    );
    const { rows: n } = await db.execute<{ n: number }>(
      sql.raw(`select (count(*) ${t.posted ? '+ count(posted_at)' : ''})::int as n from ${t.table}`),
    );
    changes[t.table] = n[0].n;
  }
  return { at, changes };
}

/** Runs a sweep until a run reads nothing, at most `max` runs; answers what each run read. */
export async function sweepUntilQuiet(sweep: () => Promise<number>, max = 60): Promise<number[]> {
  const reads: number[] = [];
  while (reads.length < max) {
    reads.push(await sweep());
    if (reads.at(-1) === 0) break;
  }
  return reads;
}

/**
 * Sweeps (with `batch` rows a run) until a run reads nothing and expects each of the `n` changes read exactly
 * once, in no more runs than the batches they fill and the empty one (a sweep stuck on its first batch reads it
 * until the cap).
 */
export async function expectEachChangeReadOnce(
  n: number,
  batch: number,
  sweep: (batch: number) => Promise<number>,
) {
  const reads = await sweepUntilQuiet(() => sweep(batch));
  expect(reads.at(-1)).toBe(0);
  expect(reads.reduce((a, b) => a + b, 0)).toBe(n);
  expect(reads.length).toBeLessThanOrEqual(Math.ceil(n / batch) + 1);
}
