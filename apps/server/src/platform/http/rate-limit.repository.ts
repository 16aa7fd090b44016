import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Counts one call against `key` in a fixed window of `windowMs` and answers the calls counted so far
 * and the milliseconds until the window ends. One statement, so concurrent calls from any number of
 * server instances serialise on the row and never lose a count; the database clock decides the window.
 */
export async function hitCounter(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const { rows } = await db.execute<{ hits: number; ttl_ms: number }>(sql`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, 1, now() + ${Math.round(windowMs)}::int * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl_ms`);
  const row = rows[0];
  return { hits: Number(row?.hits ?? 1), ttlMs: Number(row?.ttl_ms ?? windowMs) };
}

/** Removes counters whose window has ended (they would restart at 1 anyway). */
export async function sweepCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_ends_at < now()`);
}
