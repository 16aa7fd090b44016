import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db/client';
import { allSources, markAlertCandidatesReady, type Source } from './operation-alert.repository';

/**
 * The operation alert candidates (docs/operation-alerts.md "Candidates"): `op_alert_candidates` holds, per
 * alerting list, the documents that are in it now (membership only: the list's row filter and "still
 * ageing" condition) with the instants their colour changes. Membership depends on the document alone, never
 * on the time, so it changes only when the document is written: statement-level triggers on shipping_orders,
 * consol_plans and invoices replace the candidates of the rows a statement wrote, in that statement's
 * transaction. The colour (and whether a candidate is an alert yet) is decided at read time against now().
 *
 * The triggers' SQL is generated from the same list definitions as the direct computation (allSources), so a
 * changed rule changes the triggers: the definition's hash is stored with the candidates, and a process whose
 * definition differs reinstalls the triggers and rebuilds the candidates in one transaction on start.
 */

type Table = Source['table'];
const TABLES: Record<Table, { id: string; office: string; tag: string }> = {
  shipping_orders: { id: 'so_id', office: 'handling_office', tag: 'so' },
  consol_plans: { id: 'consol_id', office: 'handling_office', tag: 'cp' },
  invoices: { id: 'inv_id', office: 'office_code', tag: 'inv' },
};
/** Serialises installs and rebuilds across processes. */
const LOCK_KEY = 0x6f70616c; // 'opal'
const COLS = 'list, doc_id, kind, office, owner, yellow_at, red_at, alert_at, week';

const dialect = new PgDialect();
const literal = (v: unknown): string => {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return `'${String(v).replaceAll("'", "''")}'`;
};
/** SQL text with its bound values written as literals (a trigger function body cannot take parameters). */
function inline(q: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return text.replace(/\$(\d+)\b/g, (_, i: string) => literal(params[Number(i) - 1]));
}

/**
 * The candidates of one table's documents read from `from` (the table itself, or a trigger's transition table
 * aliased as the table so the list conditions' column references resolve to it).
 */
function insertSql(table: Table, from: string): string {
  const { id, office } = TABLES[table];
  const parts = allSources()
    .filter((s) => s.table === table)
    .map(
      (
        s,
      ) => sql`select ${s.list}::text as list, ${sql.raw(`${table}.${id}`)} as doc_id, ${s.kind}::text as kind,
          ${sql.raw(`${table}.${office}`)} as office,
          ${sql.raw(`coalesce(${table}.updated_by, ${table}.created_by)`)} as owner,
          ${s.yellowAt} as yellow_at, ${s.redAt} as red_at, ${s.alertAt} as alert_at
        from ${sql.raw(from)} where ${s.member}`,
    );
  return inline(sql`insert into op_alert_candidates (${sql.raw(COLS)})
    select list, doc_id, kind, office, owner, yellow_at, red_at, alert_at,
           date_trunc('week', alert_at at time zone 'UTC')::date
      from (${sql.join(parts, sql` union all `)}) x
     where yellow_at is not null and red_at is not null and alert_at is not null
    on conflict (list, doc_id) do update set kind = excluded.kind, office = excluded.office, owner = excluded.owner,
      yellow_at = excluded.yellow_at, red_at = excluded.red_at, alert_at = excluded.alert_at, week = excluded.week`);
}

const listsOf = (table: Table) =>
  `array[${allSources()
    .filter((s) => s.table === table)
    .map((s) => literal(s.list))
    .join(', ')}]::text[]`;

/** The trigger functions and triggers, one statement each (create or replace: idempotent). */
function ddl(): string[] {
  const out: string[] = [];
  for (const table of Object.keys(TABLES) as Table[]) {
    const { id, tag } = TABLES[table];
    const fn = (event: string, body: string) =>
      `create or replace function op_alert_cand_${tag}_${event}() returns trigger language plpgsql as $body$
begin
${body}
  return null;
end
$body$`;
    const del = `  delete from op_alert_candidates c where c.list = any(${listsOf(table)})
    and c.doc_id in (select o.${id} from old_rows o);`;
    const ins = `  ${insertSql(table, `new_rows as ${table}`)};`;
    out.push(fn('ins', ins), fn('upd', `${del}\n${ins}`), fn('del', del));
    out.push(fn('trunc', `  delete from op_alert_candidates c where c.list = any(${listsOf(table)});`));
    const trig = (event: string, when: string, refs: string) =>
      `create or replace trigger op_alert_cand_${tag}_${event} after ${when} on ${table} ${refs}
  for each statement execute function op_alert_cand_${tag}_${event}()`;
    out.push(
      trig('ins', 'insert', 'referencing new table as new_rows'),
      trig('upd', 'update', 'referencing old table as old_rows new table as new_rows'),
      trig('del', 'delete', 'referencing old table as old_rows'),
      trig('trunc', 'truncate', ''),
    );
  }
  return out;
}

const TRIGGER_NAMES = Object.values(TABLES).flatMap(({ tag }) =>
  ['ins', 'upd', 'del', 'trunc'].map((e) => `op_alert_cand_${tag}_${e}`),
);

/** The definition's identity: the generated SQL (the list rules, thresholds and columns it was built from). */
export const alertCandidateVersion = () =>
  createHash('sha256').update(ddl().join(';\n')).digest('hex').slice(0, 32);

/** Every candidate from scratch, under the caller's lock (exclusive: writers' triggers wait meanwhile). */
async function rebuildIn(tx: DbOrTx, version: string) {
  await tx.execute(sql`lock table op_alert_candidates in access exclusive mode`);
  await tx.execute(sql`truncate op_alert_candidates`);
  for (const table of Object.keys(TABLES) as Table[]) await tx.execute(sql.raw(insertSql(table, table)));
  await tx.execute(sql`insert into op_alert_candidate_state (id, version, built_at) values (1, ${version}, now())
    on conflict (id) do update set version = excluded.version, built_at = excluded.built_at`);
}

export const alertCandidates = {
  /**
   * Installs the triggers and rebuilds the candidates when the stored definition differs from this process's
   * (or a trigger is missing); a no-op otherwise. In one transaction, so writes committed before it are in the
   * rebuild and writes after it go through the new triggers. Then this process reads the candidates.
   */
  async install(db: Db) {
    const version = alertCandidateVersion();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      const { rows } = await tx.execute<{ version: string | null; triggers: number }>(sql`
        select (select version from op_alert_candidate_state where id = 1) as version,
               (select count(*)::int from pg_trigger where tgname = any(${sql.raw(`array[${TRIGGER_NAMES.map(literal).join(', ')}]`)})) as triggers`);
      if (rows[0]?.version === version && rows[0]?.triggers === TRIGGER_NAMES.length) return;
      for (const statement of ddl()) await tx.execute(sql.raw(statement));
      await rebuildIn(tx, version);
    });
    markAlertCandidatesReady(db);
  },

  /**
   * Rebuilds every candidate (and the triggers): bench and seed loads that bypass triggers
   * (session_replication_role = replica), repair.
   */
  async rebuild(db: Db) {
    const version = alertCandidateVersion();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      for (const statement of ddl()) await tx.execute(sql.raw(statement));
      await rebuildIn(tx, version);
    });
  },
};
