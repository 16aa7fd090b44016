import { createHash } from 'node:crypto';
import { type AnyColumn, Column, is, Param, Placeholder, type Query, SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { AnyPgColumn, PgDialect, PgInsertValue, PgSession, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * No schema is passed to Drizzle: queries name their tables (the relational `db.query` API is unused), and
 * platform imports no module (db/schema.ts gathers the modules' tables for drizzle-kit only).
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type DbOrTx = Db | Tx;

// DATE columns come back as 'YYYY-MM-DD' strings, not JS Dates shifted by the local zone.
pg.types.setTypeParser(1082, (v) => v);

/**
 * How long an idle pooled connection is kept (DB_POOL_IDLE_MS, default 5 min). A new PostgreSQL backend plans
 * its first statement on a big table in 90-190 ms (it loads the relation cache: shipping_orders' 36 indexes)
 * against ~1 ms warm; node-postgres' default of 10 s made every pause of 10 s cost the next concurrent calls
 * that much (docs/scaling.md, "Cold connections").
 */
export const POOL_IDLE_MS = Math.max(1_000, Number(process.env.DB_POOL_IDLE_MS ?? 300_000) || 300_000);

/**
 * How long opening a database connection may take before the call is answered 503 msgServiceUnavailable
 * (DB_CONNECT_TIMEOUT_MS, default 2 s): while the database is unreachable (a host that does not answer; a
 * refused port fails at once), calls fail fast instead of hanging. Only the opening: waiting for a free pooled
 * connection under load is not limited by it (see `timedClient`).
 */
export const CONNECT_TIMEOUT_MS = Math.max(100, Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 2_000) || 2_000);

/** Says why a database connection failed, at most once a second per source (an outage must not flood the log). */
export function throttledWarn(source: string): (e: Error) => void {
  let last = 0;
  let skipped = 0;
  return (e) => {
    const now = Date.now();
    if (now - last < 1_000) {
      skipped++;
      return;
    }
    console.warn(`[db] ${source}: ${e.message}${skipped ? ` (and ${skipped} more)` : ''}`);
    last = now;
    skipped = 0;
  };
}

export function createDb(url: string, max = 10): { db: Db; pool: pg.Pool } {
  // allowExitOnIdle: idle connections do not keep a script or test process alive (with 10 s they closed soon
  // enough; with minutes they would hold the event loop); the server's listener keeps it alive anyway.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: POOL_IDLE_MS,
    allowExitOnIdle: true,
    Client: timedClient(CONNECT_TIMEOUT_MS),
    // a peer that vanished without a word (failover, network cut) is noticed by TCP, not only at the next query
    keepAlive: true,
  });
  guardPool(pool, 'pool');
  return { db: drizzle(pool), pool };
}

/**
 * One connection of its own for a short task (an operations command, creating the database at start),
 * connected and with its errors handled: a lost connection fails the statement running on it, so the task's
 * clean-up runs, instead of becoming an unhandled 'error' event that ends the process mid-way.
 */
export async function connectClient(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', throttledWarn(`${config.application_name ?? 'client'} connection lost`));
  await client.connect();
  return client;
}

/**
 * A pg.Client class whose connect() gives up after `ms`. pg-pool's own `connectionTimeoutMillis` would also
 * limit the wait for a free connection in its queue, so a busy instance (20 sign-ins at once on a pool of 10)
 * would answer 503 to calls that only had to wait their turn; given to the client, it limits the opening only.
 */
export function timedClient(ms: number): typeof pg.Client {
  return class TimedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config),
        connectionTimeoutMillis: ms,
      });
      oneStatementAtATime(this);
    }
  };
}

type QueryFn = (...args: unknown[]) => unknown;
const settled = () => undefined;

/** A NOTIFY asked for inside a connection's open transaction (notifyAfterCommit), sent once it has committed. */
type Notice = { channel: string; payload: string };
/** Per pooled connection (timedClient): the notices of its open transaction, in the order asked. */
const noticesOf = new WeakMap<object, Notice[]>();
/** The statements that end (or begin) a transaction, as Drizzle and hand-written code send them. */
const TRANSACTION_EDGE = /^\s*(commit|end|rollback|abort|begin|start\s+transaction)\b/i;
const warnNotify = throttledWarn('NOTIFY after commit');

/**
 * A connection runs one statement at a time, so statements asked of it at once (a transaction's
 * `Promise.all([tx.select…, tx.select…, tx.select…])`: one connection, never parallel) must wait their turn.
 * node-postgres queued them itself, but that queue is deprecated and goes in pg 9 ("Calling client.query() when
 * the client is already executing a query"); here each promise-style call waits for the one before it, in the
 * order asked, whatever its outcome. Callback-style calls (pg-pool's `pool.query` on a connection of its own) and
 * query objects (cursors) go straight through.
 *
 * It also sends the NOTIFYs its transaction asked for (notifyAfterCommit) once the COMMIT has answered, as the
 * connection's next statement (the caller's COMMIT does not wait for it; whoever uses the connection next does);
 * a ROLLBACK (or a BEGIN after a transaction left without either) drops them.
 */
function oneStatementAtATime(client: pg.Client) {
  // The class's own query, looked up at each call (a test may wrap pg.Client.prototype.query to see what is sent).
  const proto = Object.getPrototypeOf(client) as { query: QueryFn };
  const query: QueryFn = (...args) => proto.query.apply(client, args);
  const notices: Notice[] = [];
  noticesOf.set(client, notices);
  let last: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const [config, values, callback] = args;
    const direct =
      typeof callback === 'function' ||
      typeof values === 'function' ||
      typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (direct) return query(...args);
    const run = () => query(...args);
    const answer = last.then(run, run);
    let after: Promise<unknown> = answer;
    if (notices.length) {
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      const edge = typeof text === 'string' && text.length < 40 ? TRANSACTION_EDGE.exec(text) : null;
      if (edge) {
        // Those asked before this statement belong to the transaction it ends.
        const sent = notices.splice(0);
        const word = edge[1].toLowerCase();
        if (word === 'commit' || word === 'end')
          after = answer.then(
            // COMMIT of a transaction that had failed answers ROLLBACK: nothing was committed to announce.
            (r) =>
              (r as { command?: string } | undefined)?.command === 'COMMIT' ? notify(query, sent) : undefined,
            settled,
          );
      }
    }
    last = after.then(settled, settled);
    return answer;
  };
}

/** One statement for all of a committed transaction's notices; a failure is logged (the sweeps catch up). */
function notify(query: QueryFn, notices: Notice[]) {
  return (
    query({
      text: 'select pg_notify(n.channel, n.payload) from unnest($1::text[], $2::text[]) as n(channel, payload)',
      values: [notices.map((n) => n.channel), notices.map((n) => n.payload)],
    }) as Promise<unknown>
  ).catch(warnNotify);
}

/**
 * Wakes the listeners of `channel` (one NOTIFY per payload) once `db`'s transaction has committed: not inside it.
 * PostgreSQL serialises the commits of all transactions that NOTIFY, its whole cluster over: such a transaction
 * takes a lock at its commit and keeps it until its commit record is flushed to disk, so two notifying commits
 * never share a flush and each waits for the one before (async.c, PreCommit_Notify). The notices are sent by the
 * same connection right after the COMMIT answered (oneStatementAtATime), as a transaction of their own that writes
 * nothing and waits for no flush. Not sent when the transaction rolls back; notices asked inside a savepoint that
 * rolled back are still sent at the commit (a wake-up that finds nothing to do). Outside a transaction, or on a
 * connection not opened by createDb (an operations tool's own client), the NOTIFY is sent at once, in whatever
 * transaction is open. For wake-ups of work kept in tables that a sweep also reads (an outbox, a queue): a
 * process that dies between the COMMIT and the NOTIFY leaves the work to the sweep. A NOTIFY that must be atomic
 * with the change (a cache to empty on every instance: actor-cache.ts) stays inside the transaction.
 */
export async function notifyAfterCommit(
  db: DbOrTx,
  channel: string,
  payloads: readonly (string | number)[],
): Promise<void> {
  if (!payloads.length) return;
  // A Drizzle transaction (and a savepoint's) has rollback(); its session's client is the pooled connection.
  const client =
    'rollback' in db ? (db as unknown as { session?: { client?: object } }).session?.client : undefined;
  const notices = client ? noticesOf.get(client) : undefined;
  if (notices) {
    for (const payload of payloads) notices.push({ channel, payload: String(payload) });
    return;
  }
  await db.execute(
    sql`select pg_notify(${channel}, p) from unnest(${sql.param(payloads.map(String))}::text[]) as p`,
  );
}

/**
 * Makes a lost connection of `pool` harmless to the process. The pool itself handles errors of idle
 * connections (its 'error' event, logged here), but a connection that is checked out (a transaction, a
 * LISTEN) emits 'error' on the client with no listener of the pool's: node-postgres then throws it as an
 * unhandled 'error' event and the process dies. Every client gets a listener when it connects; the statement
 * it was running fails with the error (answered 503 by the error handler), and the pool drops the broken
 * client when it is released and opens a new one on the next query. Used for every pool: the application's,
 * the job runner's (pg-boss) and the operations tools'.
 */
export function guardPool(pool: pg.Pool, source: string): pg.Pool {
  const warn = throttledWarn(`${source} connection lost`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  return pool;
}

/** The database's clock now, as text (watermarks compare with the updated_at it writes; sweep-watermark.ts). */
export async function databaseNow(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ now: string }>(sql`select clock_timestamp()::text as now`);
  return rows[0].now;
}

/** Whether `table` has a row where `column` is `value` (one row read at most, through the column's index). */
export async function hasRowWith(
  db: DbOrTx,
  table: PgTable,
  column: AnyPgColumn,
  value: unknown,
): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`1` }).from(table).where(sql`${column} = ${value}`).limit(1);
  return row !== undefined;
}

/** Throws unless the database answers a trivial query (the readiness probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * `column` equal to one of `keys`, for a prepared statement: `column = $1` for one key, `= any($1::type[])` for
 * several. PostgreSQL costs a generic plan over an array parameter as if it held ten elements, so a statement
 * of `= any($1)` run with one id (every save and move) was planned afresh on every run; with a scalar its
 * generic plan is kept. Two texts per statement at most.
 */
export function keyIn(
  column: SQL | AnyColumn,
  keys: readonly (number | string)[],
  type: 'int' | 'bigint' | 'text' = 'int',
): SQL {
  return keys.length === 1
    ? sql`${column} = ${sql.param(keys[0])}::${sql.raw(type)}`
    : sql`${column} = any(${sql.param([...keys])}::${sql.raw(`${type}[]`)})`;
}

/**
 * A Drizzle query builder (select, insert, update, delete; `.returning()` and `.for('update')` included) run
 * as a named prepared statement, as `executePrepared` does for `sql` text, with Drizzle's own result mapping:
 * the builder is rendered once and named by its text. The same rules: only for builders whose text does not vary
 * with the values (no `inArray` over a list of varying length, no multi-row `values`) and whose best plan does
 * not depend on them (a key or foreign-key lookup, not a `like` or a skewed equality).
 */
export function runPrepared<R>(query: { prepare(name: string): { execute(): Promise<R> } }): Promise<R> {
  return (preparedNamed(query) as unknown as { execute(): Promise<R> }).execute();
}

/**
 * A builder's Drizzle prepared query, named by its text (statementName). Drizzle names the statement at
 * `prepare`, when its text is not yet known; NodePgPreparedQuery keeps the name in both of its query configs
 * (the mapped and the raw run), set here before any execution.
 */
function preparedNamed(query: { prepare(name: string): unknown }): RenderedBuilder {
  const prepared = query.prepare('') as RenderedBuilder & {
    queryString: string;
    rawQueryConfig: { name?: string };
    queryConfig: { name?: string };
  };
  const name = statementName(prepared.queryString);
  prepared.rawQueryConfig.name = name;
  prepared.queryConfig.name = name;
  return prepared;
}

/** Statement name by text: the same text always gets the same name (node-postgres refuses one name for two texts). */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 2_000;

function statementName(text: string) {
  let name = statementNames.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * `db.execute(query)` as a named, server-side prepared statement (docs/performance.md "Prepared statements"):
 * each pooled connection parses it once, and after five runs PostgreSQL keeps a generic plan when it costs no
 * more than the custom ones, so the statement is no longer planned per call. For the hot write path's
 * statements whose planning costs more than their execution (the invoice create's GP and finance upkeep, the
 * SOPMS facts: ~9 ms of PostgreSQL CPU per create, more than the statements themselves). Only for statements
 * whose text does not vary with the values (arrays passed as one `sql.param(...)::type[]`, no inlined
 * literals), or every variant becomes a statement of its own on every connection; and not where the best plan
 * depends on a value (a `like $1` prefix, which a generic plan cannot turn into an index range; an equality on
 * a skewed column). Same answer and type parsing as `db.execute` (the same Drizzle session runs it, with a
 * name).
 */
export function executePrepared<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<pg.QueryResult<T>> {
  return executeRendered<T>(db, null, () => query, {});
}

/**
 * What executeRendered and runRendered keep, per Drizzle instance (its dialect, which its transactions share):
 * a rendering belongs to the database that made it, so two databases in one process (the tests' apps; a test's
 * stand-in for a transaction, which has none) never run each other's.
 */
const kept = new WeakMap<
  object,
  { statements: Map<string, Query>; builders: Map<string, RenderedBuilder> }
>();
const noDialect = {};
function keptFor(db: DbOrTx) {
  const owner = (db as unknown as { dialect?: object }).dialect ?? noDialect;
  let k = kept.get(owner);
  if (!k) {
    k = { statements: new Map(), builders: new Map() };
    kept.set(owner, k);
  }
  return k;
}

/**
 * `executePrepared` for a statement whose text is rendered once per `key` instead of on every call: `build`
 * makes it with `sql.placeholder(name)` (or a Drizzle builder's values set to placeholders) wherever a value
 * goes, and `values` fills them on each call (a placeholder in a builder's values is encoded by its column, as
 * Drizzle does for its own prepared queries). Drizzle's rendering walks every chunk of a statement and cost the
 * invoice create ~0.8 ms of the portal's CPU for its one 60-column insert (issue 40). `key` names one text for
 * the process: the caller makes it unique (its module, the statement, and whatever shape varies, such as the
 * set of columns given); null renders this call's statement without keeping it (placeholders `renderable`).
 */
export function executeRendered<T extends Record<string, unknown>>(
  db: DbOrTx,
  key: string | null,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<pg.QueryResult<T>> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const { statements } = keptFor(db);
  let built = key === null ? undefined : statements.get(key);
  if (!built) {
    built = dialect.sqlToQuery(build());
    if (key !== null) {
      if (statements.size >= MAX_STATEMENT_NAMES) statements.clear();
      statements.set(key, built);
    }
  }
  return session.prepareQuery(built, undefined, statementName(built.sql), false).execute(values) as Promise<
    pg.QueryResult<T>
  >;
}

/**
 * A builder's or statement's values as placeholders for executeRendered and runRendered: `given` maps each
 * defined key to `sql.placeholder(key)`, or to SQL `null` for a null (a placeholder filled with null would go
 * through its column's encoder: a jsonb column would store JSON `null`); `shape` names which keys were given and
 * which were null (part of the rendering's key: each shape is one text); `fill` holds the non-null values.
 * Undefined keys are left out (a builder then writes the column's default). `renderable` is false when a value
 * is itself SQL (`sql\`now()\``, a column): it is then written into `given` as it is, and the caller passes
 * a null key (that call is rendered on its own, not kept).
 */
export function placeholders(values: Record<string, unknown>): {
  given: Record<string, SQL | ReturnType<typeof sql.placeholder>>;
  shape: string;
  fill: Record<string, unknown>;
  renderable: boolean;
} {
  const given: Record<string, SQL | ReturnType<typeof sql.placeholder>> = {};
  const fill: Record<string, unknown> = {};
  const shape: string[] = [];
  let renderable = true;
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (is(v, SQL) || is(v, Column) || is(v, Placeholder) || is(v, Param)) {
      given[k] = v as SQL;
      shape.push(`${k}=sql`);
      renderable = false;
    } else if (v === null) {
      given[k] = sql`null`;
      shape.push(`${k}=null`);
    } else {
      given[k] = sql.placeholder(k);
      fill[k] = v;
      shape.push(k);
    }
  }
  return { given, shape: shape.join(','), fill, renderable };
}

/** A Drizzle prepared query as runRendered keeps it (node-postgres' NodePgPreparedQuery). */
interface RenderedBuilder {
  client: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * `runPrepared` for a query builder rendered once per `key` (executeRendered's rule for keys, null included): `build` makes it
 * with `sql.placeholder(name)` where values go (in `where`, or a builder's values from `placeholders`), and each
 * call runs that one rendering, with Drizzle's result mapping, on `db`'s connection (the transaction's, or the
 * pool's) with `values`. Drizzle rendered a 60-column select, update or insert on every call: a third of the
 * portal's CPU in an approval move (byId, the versioned update, the history row; issue 40).
 */
export function runRendered<R>(
  db: DbOrTx,
  key: string | null,
  build: () => { prepare(name: string): unknown },
  values: Record<string, unknown>,
): Promise<R> {
  const { builders } = keptFor(db);
  let prepared = key === null ? undefined : builders.get(key);
  if (!prepared) {
    prepared = preparedNamed(build());
    if (key !== null) {
      if (builders.size >= MAX_STATEMENT_NAMES) builders.clear();
      builders.set(key, prepared);
    }
  }
  // The kept query on this call's connection: its fields (text, parameters, mapping) are read through the
  // prototype, only the client differs (NodePgPreparedQuery.execute runs `this.client.query`).
  const run = Object.create(prepared) as RenderedBuilder;
  run.client = (db as unknown as { session: { client: unknown } }).session.client;
  return run.execute(values) as Promise<R>;
}

/**
 * One row inserted through runRendered, its values as placeholders (`placeholders`): rendered once per shape
 * (which columns were given, which were null) under `key`; a value that is itself SQL renders that call alone.
 * With `returning`, answers those fields of the row.
 */
export function insertRendered<R = never>(
  db: DbOrTx,
  key: string,
  table: PgTable,
  values: Record<string, unknown>,
  returning?: Record<string, AnyPgColumn>,
): Promise<R[]> {
  const { given, shape, fill, renderable } = placeholders(values);
  return runRendered<R[]>(
    db,
    renderable ? `${key}:${shape}` : null,
    () => {
      const insert = db.insert(table).values(given as PgInsertValue<PgTable>);
      return returning ? insert.returning(returning) : insert;
    },
    fill,
  );
}

/**
 * `db.transaction(work)` with `work` under withGenericPlans: when `db` is the database (not a transaction, whose
 * `transaction` would be a savepoint) the transaction is `work`'s alone, and its end restores the plan mode.
 */
export function transactionWithGenericPlans<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  // A Drizzle transaction (and a savepoint's) has rollback(); the database has not.
  const whole = !('rollback' in db);
  return db.transaction((tx) => withGenericPlans(tx, () => work(tx), { whole }));
}

/**
 * Runs `work` inside `tx` with PostgreSQL keeping one generic plan for every named prepared statement it runs
 * (`SET LOCAL plan_cache_mode = force_generic_plan`, restored after; a throw leaves the restore to the
 * rollback of the transaction or savepoint). For upkeep whose statements look rows up by keys passed as
 * arrays (`= any($1::int[])`): PostgreSQL prices a generic plan for an array of ten and a custom one for the
 * one key actually passed, so `executePrepared` alone never stops re-planning them (the invoice create's GP
 * and finance upkeep: ~9 ms of planning a create against ~3 ms of execution at 2,000,000 invoices, issue 40).
 * Only for statements whose every plan walks the same indexes whatever the keys; never around a search. Unnamed
 * statements (`db.execute`) are planned for their values whatever this says. `whole: true` when `tx` is a
 * transaction opened for `work` alone (not a savepoint): its end restores the mode, so the restoring statement
 * (a round trip) is left out.
 */
export async function withGenericPlans<T>(
  tx: Tx,
  work: () => Promise<T>,
  o: { whole?: boolean } = {},
): Promise<T> {
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
  const result = await work();
  if (!o.whole) await tx.execute(sql`set local plan_cache_mode to default`);
  return result;
}
