import { sql } from 'drizzle-orm';
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
