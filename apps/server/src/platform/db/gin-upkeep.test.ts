import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { registeredJobs } from '../jobs/job-registry';
import { GIN_UPKEEP_JOB, mergeGinPendingLists } from './gin-upkeep';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Pages in the pending list of an index (merging it to find out, so only where that is the point). */
const pending = async (index: string) =>
  (
    await t.db.execute<{ pages: number }>(
      sql`select gin_clean_pending_list(${index}::regclass)::int as pages`,
    )
  ).rows[0].pages;

describe('GIN pending lists merged by a job, outside requests (issue 40)', () => {
  it('merges the pending list an insert left in a trigram index, and leaves an empty one as it is', async () => {
    await t.db.execute(sql`create table gin_upkeep_probe (id serial primary key, body text not null)`);
    await t.db.execute(
      sql`create index gin_upkeep_probe_trgm on gin_upkeep_probe using gin (body gin_trgm_ops)`,
    );
    await t.db.execute(sql`create table gin_upkeep_direct (id serial primary key, body text not null)`);
    await t.db.execute(
      sql`create index gin_upkeep_direct_trgm on gin_upkeep_direct using gin (body gin_trgm_ops) with (fastupdate = off)`,
    );
    try {
      const rows = sql`select 'INV-' || g || ' Ocean freight Hong Kong to Rotterdam container MSKU' || (1000000 + g)
                         from generate_series(1, 300) g`;
      await t.db.execute(sql`insert into gin_upkeep_probe (body) ${rows}`);
      await t.db.execute(sql`insert into gin_upkeep_direct (body) ${rows}`);

      const merged = await mergeGinPendingLists(t.db);
      // The 300 rows' trigrams were waiting in the list (a request's insert past the limit would have merged them).
      expect(merged.gin_upkeep_probe_trgm).toBeGreaterThan(0);
      // An index without a pending list is not asked; lists already empty are not reported.
      expect(merged).not.toHaveProperty('gin_upkeep_direct_trgm');
      expect(Object.values(merged).every((pages) => pages > 0)).toBe(true);
      expect(await pending('gin_upkeep_probe_trgm')).toBe(0);
      // Merged rows are found through the index as before.
      const { rows: found } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from gin_upkeep_probe where body like '%MSKU1000150%'`,
      );
      expect(found[0].n).toBe(1);
      // Nothing left: the next run merges nothing.
      expect(await mergeGinPendingLists(t.db)).not.toHaveProperty('gin_upkeep_probe_trgm');
    } finally {
      await t.db.execute(sql`drop table gin_upkeep_probe, gin_upkeep_direct`);
    }
  });

  it('is a job every minute that reports what it merged', async () => {
    const job = registeredJobs().find((j) => j.name === GIN_UPKEEP_JOB);
    expect(job?.cron).toBe('* * * * *');
    await t.db.execute(sql`create table gin_upkeep_job (id serial primary key, body text not null)`);
    await t.db.execute(sql`create index gin_upkeep_job_trgm on gin_upkeep_job using gin (body gin_trgm_ops)`);
    try {
      await t.db.execute(
        sql`insert into gin_upkeep_job (body) select 'consignee ' || g || ' Shenzhen' from generate_series(1, 200) g`,
      );
      const out = (await job?.run({ db: t.db, today: '2026-11-29', log: () => {} }, {})) as {
        merged: Record<string, number>;
      };
      expect(out.merged.gin_upkeep_job_trgm).toBeGreaterThan(0);
      expect(await pending('gin_upkeep_job_trgm')).toBe(0);
    } finally {
      await t.db.execute(sql`drop table gin_upkeep_job`);
    }
  });
});
