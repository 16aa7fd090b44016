import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { integer, PgDialect, type PgInsertValue, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  connectClient,
  executePrepared,
  executeRendered,
  keyIn,
  notifyAfterCommit,
  POOL_IDLE_MS,
  placeholders,
  runPrepared,
  runRendered,
  transactionWithGenericPlans,
  withGenericPlans,
} from './client';

const CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'client.ts');

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
  url = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
});
afterAll(() => t.close());

/**
 * A process that opens the pool, asks for its backend pid twice with a pause between, and never ends the pool:
 * it must still exit by itself (idle connections do not hold the event loop).
 */
function backendsAcrossPause(pauseMs: number, env: Record<string, string> = {}) {
  const script = `
    const { createDb } = await import(${JSON.stringify(CLIENT)});
    const { pool } = createDb(${JSON.stringify(url)}, 2);
    const pid = async () => (await pool.query('select pg_backend_pid() as pid')).rows[0].pid;
    const first = await pid();
    await new Promise((r) => setTimeout(r, ${pauseMs}));
    console.log(JSON.stringify([first, await pid()]));
  `;
  return new Promise<{ pids: number[]; code: number | null; exitAfterLastMs: number }>((resolve, reject) => {
    let lastAnswer = 0;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      lastAnswer = Date.now();
    });
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ pids: JSON.parse(out.trim() || '[]'), code, exitAfterLastMs: Date.now() - lastAnswer });
    });
  });
}

describe('the database pool (platform/db/client.ts)', () => {
  it('keeps an idle connection warm across a pause (DB_POOL_IDLE_MS, 5 min by default) and lets the process exit', async () => {
    const warm = await backendsAcrossPause(1_500);
    expect(warm.code).toBe(0);
    expect(warm.pids).toHaveLength(2);
    expect(warm.pids[1]).toBe(warm.pids[0]);
    // Without allowExitOnIdle the idle connection would keep the process for the whole idle timeout.
    expect(warm.exitAfterLastMs).toBeLessThan(3_000);
    expect(POOL_IDLE_MS).toBe(300_000);
  }, 30_000);

  it('closes connections idle longer than DB_POOL_IDLE_MS (the next call opens a new backend)', async () => {
    const cold = await backendsAcrossPause(1_500, { DB_POOL_IDLE_MS: '1000' });
    expect(cold.code).toBe(0);
    expect(cold.pids).toHaveLength(2);
    expect(cold.pids[1]).not.toBe(cold.pids[0]);
  }, 30_000);

  it('executePrepared answers as db.execute does, from a statement prepared once per connection', async () => {
    const query = (v: string) =>
      sql`select ${v}::text as v, '2026-01-02 03:04:05+00'::timestamptz as at, '2026-01-02'::date as d,
                 ${sql.param([3, 4])}::int[] as ids, 'executePrepared probe' as probe`;
    await t.db.transaction(async (tx) => {
      const a = await executePrepared<{ v: string; at: string; d: string; ids: number[] }>(tx, query('a'));
      const b = await tx.execute(query('a'));
      // Drizzle's type parsing (timestamps and dates as strings) holds for the prepared run too.
      expect(a.rows).toEqual(b.rows);
      expect(typeof a.rows[0].at).toBe('string');
      // A second run with another value reuses the statement: one prepared statement for the text, not two.
      expect((await executePrepared<{ v: string }>(tx, query('b'))).rows[0].v).toBe('b');
      const { rows } = await tx.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where statement like '%executePrepared probe%'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].name).toMatch(/^p_/);
    });
  });

  it("runPrepared runs a query builder as one prepared statement per text, with Drizzle's mapping", async () => {
    // A field named apart from its column (label / name) shows the mapping is Drizzle's, not the raw row.
    const probe = pgTable('run_prepared_probe', {
      id: integer('id').primaryKey(),
      label: text('name').notNull(),
      version: integer('version').notNull(),
    });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table run_prepared_probe (id int primary key, name text not null,
                             version int not null) on commit drop`);
      await tx.execute(sql`insert into run_prepared_probe values (1, 'one', 1), (2, 'two', 1)`);
      const byId = (id: number) => tx.select().from(probe).where(eq(probe.id, id));
      expect(await runPrepared(byId(1))).toEqual([{ id: 1, label: 'one', version: 1 }]);
      expect(await runPrepared(byId(2).for('update'))).toEqual(await byId(2).for('update'));
      expect(await runPrepared(byId(2))).toEqual([{ id: 2, label: 'two', version: 1 }]);
      const updated = await runPrepared(
        tx.update(probe).set({ label: 'deux' }).where(eq(probe.id, 2)).returning({ label: probe.label }),
      );
      expect(updated).toEqual([{ label: 'deux' }]);
      // One statement per text: the select, the select for update, the update (not one per run).
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%run_prepared_probe%'`,
      );
      expect(rows[0].n).toBe(3);
    });
  });

  it('withGenericPlans: the statements it runs use one generic plan from their first run; the mode is restored after, and rolled back with a savepoint', async () => {
    const byIds = (ids: number[]) =>
      sql`select count(*)::int as n from generic_plans_probe where id = any(${sql.param(ids)}::int[])`;
    const plans = async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) =>
      (
        await tx.execute<{ generic_plans: number; custom_plans: number }>(
          sql`select generic_plans::int as generic_plans, custom_plans::int as custom_plans
                from pg_prepared_statements where statement like '%from generic_plans_probe%'`,
        )
      ).rows;
    const mode = async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) =>
      (await tx.execute<{ m: string }>(sql`select current_setting('plan_cache_mode') as m`)).rows[0].m;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table generic_plans_probe (id int primary key) on commit drop`);
      await tx.execute(sql`insert into generic_plans_probe select generate_series(1, 1000)`);
      await tx.execute(sql`analyze generic_plans_probe`);
      // Without it, PostgreSQL plans the first five runs for their values (custom plans).
      await executePrepared(tx, byIds([1]));
      expect(await plans(tx)).toEqual([{ generic_plans: 0, custom_plans: 1 }]);
      const n = await withGenericPlans(tx, async () => {
        expect(await mode(tx)).toBe('force_generic_plan');
        let found = 0;
        for (let i = 1; i <= 3; i++)
          found += (await executePrepared<{ n: number }>(tx, byIds([i, i + 1]))).rows[0].n;
        return found;
      });
      expect(n).toBe(6);
      expect(await plans(tx)).toEqual([{ generic_plans: 3, custom_plans: 1 }]);
      expect(await mode(tx)).toBe('auto');
      // A throw inside a savepoint: its rollback takes the setting back (nothing is left to restore by hand).
      await expect(
        tx.transaction((sp) =>
          withGenericPlans(sp, async () => {
            throw new Error('refused');
          }),
        ),
      ).rejects.toThrow('refused');
      expect(await mode(tx)).toBe('auto');
    });
  });

  it('notifyAfterCommit sends its NOTIFYs once the transaction has committed, and none for one rolled back', async () => {
    const pg = (await import('pg')).default;
    const heard: string[] = [];
    // Its own connection, with its errors handled (client.ts connectClient).
    const listener = await connectClient({ connectionString: url, application_name: 'notify-probe' });
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('listen notify_after_commit_probe');
    // The statements the pool's connections are sent (client.ts looks the class's query up at each call).
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const c = args[0] as string | { text?: string } | undefined;
      const text = typeof c === 'string' ? c : c?.text;
      if (text && this !== listener) sent.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    const notifies = () => sent.filter((s) => s.includes('pg_notify'));
    // Every notice sent before `payload` (sent on its own, outside a transaction) has been heard once it is.
    const heardUpTo = async (payload: string) => {
      await notifyAfterCommit(t.db, 'notify_after_commit_probe', [payload]);
      await expect.poll(() => heard.includes(payload), { timeout: 5_000 }).toBe(true);
      return heard.splice(0).filter((h) => h !== payload);
    };
    try {
      await t.db.transaction(async (tx) => {
        await notifyAfterCommit(tx, 'notify_after_commit_probe', ['a', 2]);
        // A savepoint's notices go with the transaction's.
        await tx.transaction((sp) => notifyAfterCommit(sp, 'notify_after_commit_probe', ['c']));
        await tx.execute(sql`select 1`);
        // Nothing sent inside the transaction: a NOTIFY there would hold PostgreSQL's commit-order lock.
        expect(notifies()).toEqual([]);
      });
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(3);
      expect(heard.splice(0)).toEqual(['a', '2', 'c']);
      // One statement for them all, after the COMMIT.
      const commit = sent.lastIndexOf('commit');
      expect(sent.slice(commit + 1).filter((s) => s.includes('pg_notify'))).toHaveLength(1);
      expect(notifies()).toHaveLength(1);

      // Rolled back: nothing is announced.
      await expect(
        t.db.transaction(async (tx) => {
          await notifyAfterCommit(tx, 'notify_after_commit_probe', ['rolled back']);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await heardUpTo('after rollback')).toEqual([]);

      // A transaction whose statement failed (caught, no savepoint) commits nothing: its COMMIT answers ROLLBACK.
      await t.db.transaction(async (tx) => {
        await notifyAfterCommit(tx, 'notify_after_commit_probe', ['failed']);
        await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      });
      expect(await heardUpTo('after failed')).toEqual([]);

      // The next transaction on the same connections announces its own only.
      await t.db.transaction((tx) => notifyAfterCommit(tx, 'notify_after_commit_probe', ['next']));
      expect(await heardUpTo('after next')).toEqual(['next']);
    } finally {
      pg.Client.prototype.query = original;
      await listener.end();
    }
  });

  it('transactionWithGenericPlans restores the mode only where the transaction is not its own', async () => {
    const mode = async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) =>
      (await tx.execute<{ m: string }>(sql`select current_setting('plan_cache_mode') as m`)).rows[0].m;
    // The statements each connection is sent (client.ts looks the class's query up at each call).
    const pg = (await import('pg')).default;
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const c = args[0] as string | { text?: string } | undefined;
      const text = typeof c === 'string' ? c : c?.text;
      if (text) sent.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      // On the database: a transaction of its own, whose end restores the mode (no restoring statement sent).
      const inside = await transactionWithGenericPlans(t.db, (tx) => mode(tx));
      expect(inside).toBe('force_generic_plan');
      const setMode = () => sent.filter((s) => s.startsWith('set local plan_cache_mode'));
      expect(setMode()).toEqual(['set local plan_cache_mode = force_generic_plan']);
      // In a caller's transaction (a savepoint): the mode is restored before the caller's next statement.
      sent.length = 0;
      await t.db.transaction(async (tx) => {
        expect(await transactionWithGenericPlans(tx, (sp) => mode(sp))).toBe('force_generic_plan');
        expect(await mode(tx)).toBe('auto');
      });
      expect(setMode()).toEqual([
        'set local plan_cache_mode = force_generic_plan',
        'set local plan_cache_mode to default',
      ]);
    } finally {
      pg.Client.prototype.query = original;
    }
  });

  it('executeRendered renders a statement once per key and fills its placeholders on every call, builder values encoded by their columns', async () => {
    const probe = pgTable('rendered_probe', {
      id: integer('id').primaryKey(),
      label: text('name').notNull(),
      at: timestamp('at', { withTimezone: true, mode: 'date' }),
    });
    let builds = 0;
    const insert = (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], id: number, at: Date) =>
      executeRendered<{ id: number; name: string; at: string; tag: string }>(
        tx,
        'client.test:rendered_probe.insert',
        () => {
          builds++;
          const head = tx
            .insert(probe)
            .values({ id: sql.placeholder('id'), label: sql.placeholder('label'), at: sql.placeholder('at') })
            .returning()
            .getSQL();
          return sql`with x as (${head}) select x.*, ${sql.placeholder('tag')}::text as tag from x`;
        },
        { id, label: `n${id}`, at, tag: `t${id}` },
      );
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table rendered_probe (id int primary key, name text not null,
                             at timestamptz) on commit drop`);
      const a = await insert(tx, 1, new Date('2026-01-02T03:04:05.000Z'));
      const b = await insert(tx, 2, new Date('2026-02-03T04:05:06.000Z'));
      expect(builds).toBe(1);
      expect(a.rows).toEqual([{ id: 1, name: 'n1', at: '2026-01-02 03:04:05+00', tag: 't1' }]);
      // The Date went through the column's encoder (toISOString), as Drizzle's own insert does.
      expect(b.rows[0]).toMatchObject({ id: 2, name: 'n2', tag: 't2' });
      expect(b.rows[0].at).toMatch(/^2026-02-03 04:05:06/);
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%rendered_probe%'`,
      );
      expect(rows[0].n).toBe(1);
    });
  });

  it("runRendered renders a builder once per key and runs it on each call's connection with Drizzle's mapping; placeholders() keeps nulls and SQL values out of the fill", async () => {
    const probe = pgTable('run_rendered_probe', {
      id: integer('id').primaryKey(),
      label: text('name'),
      version: integer('version').notNull(),
    });
    let builds = 0;
    const byId = (db: Parameters<Parameters<typeof t.db.transaction>[0]>[0], id: number) =>
      runRendered<{ id: number; label: string | null; version: number }[]>(
        db,
        'client.test:run_rendered_probe.byId',
        () => {
          builds++;
          return db
            .select()
            .from(probe)
            .where(eq(probe.id, sql.placeholder('id')));
        },
        { id },
      );
    const insert = (
      db: Parameters<Parameters<typeof t.db.transaction>[0]>[0],
      values: Record<string, unknown>,
    ) => {
      const p = placeholders(values);
      return {
        p,
        run: runRendered(
          db,
          p.renderable ? `client.test:run_rendered_probe.insert:${p.shape}` : null,
          () => db.insert(probe).values(p.given as PgInsertValue<typeof probe>),
          p.fill,
        ),
      };
    };
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table run_rendered_probe (id int primary key, name text, version int not null)
                             on commit drop`);
      const a = insert(tx, { id: 1, label: 'one', version: 1 });
      await a.run;
      const b = insert(tx, { id: 2, label: null, version: 1 });
      await b.run;
      expect(b.p.shape).toBe('id,label=null,version');
      expect(b.p.fill).toEqual({ id: 2, version: 1 });
      const c = insert(tx, { id: 3, label: sql`'th' || 'ree'`, version: 1 });
      await c.run;
      expect(c.p.renderable).toBe(false);
      // The mapping is Drizzle's (label, not the column's name), on this transaction's connection (the temp
      // table exists only there), from one rendering.
      expect(await byId(tx, 1)).toEqual([{ id: 1, label: 'one', version: 1 }]);
      expect(await byId(tx, 2)).toEqual([{ id: 2, label: null, version: 1 }]);
      expect(await byId(tx, 3)).toEqual([{ id: 3, label: 'three', version: 1 }]);
      expect(builds).toBe(1);
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%run_rendered_probe%'`,
      );
      // The select and the two insert shapes kept; the SQL-valued insert was rendered for its call alone.
      expect(rows[0].n).toBe(4);
    });
  });

  it('keyIn: a prepared statement of one key keeps its generic plan; of several, an array', async () => {
    const one = keyIn(sql`x`, [7]);
    const many = keyIn(sql`x`, [7, 8], 'text');
    const render = (q: ReturnType<typeof keyIn>) => new PgDialect().sqlToQuery(q);
    expect(render(one)).toMatchObject({ sql: 'x = $1::int', params: [7] });
    expect(render(many)).toMatchObject({ sql: 'x = any($1::text[])', params: [[7, 8]] });
    await t.db.transaction(async (tx) => {
      const run = (keys: number[]) =>
        executePrepared(
          tx,
          sql`select g.x from generate_series(1, 1000) as g(x) where ${keyIn(sql`g.x`, keys)} and 'keyIn probe' <> ''`,
        );
      // PostgreSQL plans the first five runs for their values; from then on a statement whose generic plan
      // costs no more is no longer planned. Over `= any($1)` the generic plan is costed for ten keys, so one
      // key would be planned on every run.
      for (let i = 0; i < 8; i++) expect((await run([i + 1])).rows).toEqual([{ x: i + 1 }]);
      const { rows } = await tx.execute<{ generic_plans: number; custom_plans: number }>(
        sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
             where statement like '%keyIn probe%' and statement not like '%pg_prepared_statements%'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].generic_plans).toBeGreaterThan(0);
    });
  });

  it('runs statements asked of one connection at once in turn, without node-postgres deprecated queue (gone in pg 9)', async () => {
    // --throw-deprecation: node-postgres' "Calling client.query() when the client is already executing a query"
    // would throw in the child instead of printing once.
    const script = `
      const { createDb } = await import(${JSON.stringify(CLIENT)});
      const { pool } = createDb(${JSON.stringify(url)}, 1);
      const c = await pool.connect();
      await c.query('begin');
      const rows = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => c.query('select $1::int as n, clock_timestamp() as at from pg_sleep(0.01)', [n])),
      );
      // A failing statement fails its own call only; the ones after it still run (after a rollback).
      const bad = await c.query('select 1/0').then(() => 'ran', (e) => e.code);
      await c.query('rollback');
      const after = await c.query('select 6 as n');
      c.release();
      await pool.end();
      console.log(JSON.stringify({ ns: rows.map((r) => r.rows[0].n), ats: rows.map((r) => r.rows[0].at), bad, after: after.rows[0].n }));
    `;
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, ['--throw-deprecation', '--input-type=module', '-e', script], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => {
          stdout += d;
        });
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.on('error', reject);
        child.on('exit', (code) => {
          clearTimeout(kill);
          resolve({ code, stdout, stderr });
        });
      },
    );
    expect(out.stderr).not.toContain('DeprecationWarning');
    expect(out.code).toBe(0);
    const answer = JSON.parse(out.stdout.trim()) as {
      ns: number[];
      ats: string[];
      bad: string;
      after: number;
    };
    expect(answer.ns).toEqual([1, 2, 3, 4, 5]);
    // In the order asked, one after the other.
    expect([...answer.ats].sort()).toEqual(answer.ats);
    expect(answer.bad).toBe('22012');
    expect(answer.after).toBe(6);
  }, 30_000);
});
