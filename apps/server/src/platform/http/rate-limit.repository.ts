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

/**
 * Adds several instances' worth of calls at once: per key, `hits` more calls in a window of `windowMs` (a new
 * window when the stored one has ended). Answers each key's total so far and the milliseconds left, read in
 * the same statement. The commit does not wait for the WAL flush (synchronous_commit off for this statement's
 * transaction only): a crash may forget the last fraction of a second of counts, which a limit per minute
 * can afford, and no request waits on a disk.
 */
export async function addCounts(
  db: Db,
  counts: readonly { key: string; hits: number; windowMs: number }[],
): Promise<Map<string, { hits: number; ttlMs: number }>> {
  if (!counts.length) return new Map();
  const { rows } = await db.execute<{ key: string; hits: number; ttl_ms: number }>(sql`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    select x.key, x.hits, now() + x.window_ms * interval '1 millisecond'
      from unnest(${sql.param(counts.map((c) => c.key))}::text[], ${sql.param(counts.map((c) => c.hits))}::int[],
                  ${sql.param(counts.map((c) => Math.round(c.windowMs)))}::int[]) as x(key, hits, window_ms)
     cross join (select set_config('synchronous_commit', 'off', true)) s
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then excluded.hits else c.hits + excluded.hits end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning key, hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl_ms`);
  return new Map(rows.map((r) => [r.key, { hits: Number(r.hits), ttlMs: Number(r.ttl_ms) }]));
}
