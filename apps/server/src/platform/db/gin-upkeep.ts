import { sql } from 'drizzle-orm';
import { registerJob } from '../jobs/job-registry';
import type { Db } from './client';

/**
 * The pending lists of the database's GIN indexes (the trigram search indexes above all: `invoices.search_text`,
 * 317 MB at 2,000,000 invoices) merged by a job, outside users' requests.
 *
 * With `fastupdate` (PostgreSQL's default) an insert, and every update that is not HOT (an invoice's status move
 * is not: its status is indexed), appends the row's trigrams to the index's pending list; the write that finds
 * the list over `gin_pending_list_limit` (4 MB: ~2,000 invoice rows) merges the whole list into the index inside
 * its own statement. That user's save or approval then took 0.5-1 s instead of tens of milliseconds, once every
 * ~2,000 writes (issue 40: one creation of 2,000 at 10 clients took 967 ms). Vacuum merges the lists too, but
 * autovacuum reaches a table of millions of rows after hundreds of thousands of inserts, not thousands.
 *
 * Every minute this job merges each list itself (`gin_clean_pending_list`): below ~2,000 writes a minute on one
 * table no request ever finds a full list; above it, a write that finds the list full while the job is merging
 * it leaves the merge to the job (PostgreSQL's own inserts only merge when nobody else is). Merging is work
 * PostgreSQL does either way; the job moves it out of the users' requests. A list already empty costs a read of
 * the index's first page.
 */
export const GIN_UPKEEP_JOB = 'gin-pending-merge';

/**
 * Merges the pending list of every GIN index of the current schema that keeps one (`fastupdate` not turned off)
 * and that this role may maintain (its owner); answers the pages merged per index, the indexes that had none
 * left out.
 */
export async function mergeGinPendingLists(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ name: string; pages: number }>(sql`
    select c.relname as name, gin_clean_pending_list(c.oid)::int as pages
      from pg_class c
      join pg_am a on a.oid = c.relam and a.amname = 'gin'
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
     where c.relkind = 'i' and pg_has_role(c.relowner, 'USAGE')
       and not coalesce('fastupdate=off' = any(c.reloptions) or 'fastupdate=false' = any(c.reloptions), false)
     order by c.relname`);
  return Object.fromEntries(rows.filter((r) => r.pages > 0).map((r) => [r.name, r.pages]));
}

registerJob({
  name: GIN_UPKEEP_JOB,
  cron: '* * * * *',
  // A sweep: a failed run is the next minute's to do.
  retryLimit: 0,
  run: async (ctx) => ({ merged: await mergeGinPendingLists(ctx.db) }),
});
