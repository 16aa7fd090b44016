import { isExternalProfile, type TAnalyticsFilters } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { type Db, type DbOrTx, databaseNow } from '../../platform/db/client';
import {
  SWEEP_BATCH,
  type SweepAfter,
  sweepBound,
  sweepWatermark,
} from '../../platform/jobs/sweep-watermark';
import { OPERATION_STEPS, STEP_DEFS, type TStepTable } from './ops-analytics.repository';

/**
 * OperationReportPBI's aggregate (docs/analytics.md "Operation report aggregate"): per-document step facts
 * (`ops_step_facts`) and their sums by step × UTC day × office × mode × service × carrier (`ops_step_cube`),
 * both built from the same step definitions as the live query (STEP_DEFS). The page reads the cube for the
 * period's days and corrects it live for the documents changed since the facts last took them in (ids past
 * the watermark, or updated_at within SWEEP_OVERLAP_MS of it): minus their facts, plus their rows computed now. So the
 * figures equal the direct computation whether or not the `ops-steps-refresh` sweep has run.
 */

/** How the three source tables are read: id column, watermark columns, office column, booking dims or not. */
const SOURCES: Record<
  TStepTable,
  {
    id: string;
    max: 'so_max_id' | 'cp_max_id' | 'inv_max_id';
    seen: 'so_seen_at' | 'cp_seen_at' | 'inv_seen_at';
    after: 'so_after_id' | 'cp_after_id' | 'inv_after_id';
    office: string;
    dims: boolean;
  }
> = {
  shipping_orders: {
    id: 'so_id',
    max: 'so_max_id',
    seen: 'so_seen_at',
    after: 'so_after_id',
    office: 'handling_office',
    dims: true,
  },
  consol_plans: {
    id: 'consol_id',
    max: 'cp_max_id',
    seen: 'cp_seen_at',
    after: 'cp_after_id',
    office: 'handling_office',
    dims: false,
  },
  invoices: {
    id: 'inv_id',
    max: 'inv_max_id',
    seen: 'inv_seen_at',
    after: 'inv_after_id',
    office: 'office_code',
    dims: false,
  },
};
const TABLES = Object.keys(SOURCES) as TStepTable[];
const stepsOf = (table: TStepTable) => OPERATION_STEPS.filter((s) => STEP_DEFS[s].table === table);
const BOOKING_STEPS = stepsOf('shipping_orders');

/** More new documents than this since the watermark (a bulk load): the sweep rebuilds instead of refreshing. */
const REBUILD_ABOVE = 50_000;
const CHUNK = 1000;
/** Serialises rebuilds and refreshes (each adds new − old to the cube: two at once would count twice). */
const LOCK_KEY = 0x6f707373; // 'opss'

const COLS = sql.raw('step, doc_id, day, office, mode, service, carrier, hours');
const KEYS = sql.raw('step, day, office, mode, service, carrier');

/** The step facts of one table's documents matching `cond`, one row per document and step reached. */
function factsSql(table: TStepTable, cond: SQL): SQL {
  const src = SOURCES[table];
  const t = sql.raw(table);
  const dims = src.dims
    ? sql`coalesce(shipping_orders.transport_mode, '') as mode, coalesce(shipping_orders.service_type, '') as service,
          coalesce(shipping_orders.carrier_code, '') as carrier`
    : sql`''::text as mode, ''::text as service, ''::text as carrier`;
  return sql.join(
    stepsOf(table).map((step) => {
      const d = STEP_DEFS[step];
      return sql`select ${step}::text as step, ${t}.${sql.raw(src.id)} as doc_id,
          (${d.at} at time zone 'UTC')::date as day, coalesce(${t}.${sql.raw(src.office)}, '') as office,
          ${dims}, (${d.hours})::numeric as hours
        from ${t} where ${d.at} is not null and ${d.extra} and ${cond}`;
    }),
    sql` union all `,
  );
}

type State = Record<(typeof SOURCES)[TStepTable]['max'], number> &
  Record<(typeof SOURCES)[TStepTable]['seen'], string> &
  Record<(typeof SOURCES)[TStepTable]['after'], number | null>;

async function readState(db: DbOrTx): Promise<State | null> {
  const { rows } = await db.execute<State>(sql`
    select so_max_id, so_seen_at::text as so_seen_at, so_after_id, cp_max_id, cp_seen_at::text as cp_seen_at,
           cp_after_id, inv_max_id, inv_seen_at::text as inv_seen_at, inv_after_id
      from ops_step_state where id = 1`);
  return rows[0] ?? null;
}

/** Documents of a table updated after the mark (platform/jobs/sweep-watermark.ts), in (time, id) order. */
function updatedAfterSql(table: TStepTable, after: SweepAfter): SQL {
  const t = sql.raw(table);
  const id = sql.raw(SOURCES[table].id);
  return sql`select ${id} as id, updated_at::text as at from ${t}
    where updated_at >= ${after.at}::timestamptz and (updated_at, ${id}) > (${after.at}::timestamptz, ${after.id}::int)`;
}

const boundOf = (table: TStepTable, state: State) =>
  sweepBound(state[SOURCES[table].seen], state[SOURCES[table].after]);

/** Ids of a table's documents the facts may not reflect: past the id watermark or updated after the mark. */
function changedIdsSql(table: TStepTable, state: State): SQL {
  const src = SOURCES[table];
  const t = sql.raw(table);
  const id = sql.raw(src.id);
  return sql`(select ${id} from ${t} where ${id} > ${state[src.max]}
              union select id from (${updatedAfterSql(table, boundOf(table, state))}) u)`;
}

export type OpsCubeRow = {
  step: string;
  week: string;
  office: string | null;
  n: number;
  avg_hours: string | null;
  sum_hours: string | null;
  n_hours: number;
};

export const opsStepsRepository = {
  /**
   * The OperationReportPBI cube (step × week × office counts and hours) from the aggregate, or null when the
   * aggregate cannot answer (never built; an external viewer, whose party scope it cannot hold; a customer or
   * lane filter): the caller computes it live then.
   */
  async cube(db: DbOrTx, actor: Actor, f: TAnalyticsFilters): Promise<OpsCubeRow[] | null> {
    if (isExternalProfile(actor.profile_type) || f.customer || f.lane) return null;
    const state = await readState(db);
    if (!state) return null;
    // The filter bar on the cube's columns: office for every step; mode, service, carrier on booking steps only
    // (as the live query, which applies them to shipping orders and not to plans or invoices).
    const dims = (a: string) => {
      const c = (col: string) => sql.raw(`${a}.${col}`);
      const booking = sql`${c('step')} in (${sql.join(
        BOOKING_STEPS.map((s) => sql`${s}`),
        sql`, `,
      )})`;
      const parts: SQL[] = [sql`${c('day')} between ${f.from}::date and ${f.to}::date`];
      if (f.office) parts.push(sql`${c('office')} = ${f.office}`);
      if (f.mode) parts.push(sql`(not ${booking} or ${c('mode')} = ${f.mode})`);
      if (f.service) parts.push(sql`(not ${booking} or ${c('service')} = ${f.service})`);
      if (f.carrier) parts.push(sql`(not ${booking} or ${c('carrier')} = ${f.carrier})`);
      return sql.join(parts, sql` and `);
    };
    const minus = TABLES.map(
      (table) => sql`select f.step, f.day, f.office, -1 as n, -(f.hours is not null)::int as n_hours,
          -coalesce(f.hours, 0) as sum_hours
        from ops_step_facts f
       where f.step in (${sql.join(
         stepsOf(table).map((s) => sql`${s}`),
         sql`, `,
       )}) and f.doc_id in (select id from ${sql.raw(`ch_${table}`)}) and ${dims('f')}`,
    );
    const plus = TABLES.map(
      (table) => sql`select l.step, l.day, l.office, 1, (l.hours is not null)::int, coalesce(l.hours, 0)
        from (${factsSql(table, sql`${sql.raw(table)}.${sql.raw(SOURCES[table].id)} in (select id from ${sql.raw(`ch_${table}`)})`)}) l
       where ${dims('l')}`,
    );
    const { rows } = await db.execute<OpsCubeRow>(sql`
      with ${sql.join(
        TABLES.map(
          (table) => sql`${sql.raw(`ch_${table}`)}(id) as materialized ${changedIdsSql(table, state)}`,
        ),
        sql`, `,
      )},
      x(step, day, office, n, n_hours, sum_hours) as (
        select c.step, c.day, c.office, c.n, c.n_hours, c.sum_hours from ops_step_cube c where ${dims('c')}
        union all ${sql.join([...minus, ...plus], sql` union all `)})
      select step, to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week, nullif(office, '') as office,
             sum(n)::int as n, round((sum(sum_hours) / nullif(sum(n_hours), 0))::numeric, 1)::text as avg_hours,
             case when sum(n_hours) > 0 then sum(sum_hours)::text end as sum_hours, sum(n_hours)::int as n_hours
        from x group by 1, 2, 3 having sum(n) <> 0`);
    return rows;
  },

  /** The aggregate from scratch (demo seed, bench, repair; the sweep after a bulk load). */
  async rebuild(db: Db) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      // The watermarks first: a document written meanwhile is past them, so it is read live and refreshed.
      const { rows } = await tx.execute<State>(sql`
        select (select coalesce(max(so_id), 0) from shipping_orders) as so_max_id,
               (select coalesce(max(consol_id), 0) from consol_plans) as cp_max_id,
               (select coalesce(max(inv_id), 0) from invoices) as inv_max_id,
               clock_timestamp()::text as so_seen_at`);
      const s = rows[0];
      // delete, not truncate: readers keep the old aggregate (MVCC) instead of waiting for the rebuild.
      await tx.execute(sql`delete from ops_step_cube`);
      await tx.execute(sql`delete from ops_step_facts`);
      for (const table of TABLES)
        await tx.execute(sql`insert into ops_step_facts (${COLS}) ${factsSql(table, sql`true`)}`);
      await tx.execute(sql`insert into ops_step_cube (${KEYS}, n, n_hours, sum_hours)
        select ${KEYS}, count(*), count(hours), coalesce(sum(hours), 0) from ops_step_facts group by ${KEYS}`);
      await tx.execute(sql`insert into ops_step_state (id, so_max_id, so_seen_at, cp_max_id, cp_seen_at,
          inv_max_id, inv_seen_at, rebuilt_at)
        values (1, ${s.so_max_id}, ${s.so_seen_at}, ${s.cp_max_id}, ${s.so_seen_at}, ${s.inv_max_id},
          ${s.so_seen_at}, now())
        on conflict (id) do update set so_max_id = excluded.so_max_id, so_seen_at = excluded.so_seen_at,
          cp_max_id = excluded.cp_max_id, cp_seen_at = excluded.cp_seen_at, inv_max_id = excluded.inv_max_id,
          inv_seen_at = excluded.inv_seen_at, so_after_id = null, cp_after_id = null, inv_after_id = null,
          rebuilt_at = excluded.rebuilt_at`);
    });
  },

  /**
   * Brings these documents' facts and the cube up to date: one statement reads their facts now and as
   * stored (the same snapshot), replaces the facts and adds new − old to the cube; a second drops cube rows
   * left at zero. Idempotent.
   */
  async refresh(db: Db, table: TStepTable, ids: number[]) {
    if (!ids.length) return;
    const idCol = sql.raw(SOURCES[table].id);
    const steps = sql.join(
      stepsOf(table).map((s) => sql`${s}`),
      sql`, `,
    );
    const arr = sql`${`{${ids.join(',')}}`}::int[]`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      const { rows } = await tx.execute<{
        step: string;
        day: string;
        office: string;
        mode: string;
        service: string;
        carrier: string;
        n: number;
      }>(sql`
        with fresh as materialized (${factsSql(table, sql`${sql.raw(table)}.${idCol} = any(${arr})`)}),
        stored as materialized (select ${COLS} from ops_step_facts where step in (${steps}) and doc_id = any(${arr})),
        del as (delete from ops_step_facts f where f.step in (${steps}) and f.doc_id = any(${arr})
                  and not exists (select 1 from fresh n where n.step = f.step and n.doc_id = f.doc_id)),
        up as (insert into ops_step_facts (${COLS}) select ${COLS} from fresh
                 on conflict (step, doc_id) do update set day = excluded.day, office = excluded.office,
                   mode = excluded.mode, service = excluded.service, carrier = excluded.carrier,
                   hours = excluded.hours),
        delta as (select ${KEYS}, sum(n)::int as n, sum(nh)::int as nh, sum(sh) as sh from (
                    select ${KEYS}, 1 as n, (hours is not null)::int as nh, coalesce(hours, 0) as sh from fresh
                    union all
                    select ${KEYS}, -1, -(hours is not null)::int, -coalesce(hours, 0) from stored) d
                  group by ${KEYS} having sum(n) <> 0 or sum(nh) <> 0 or sum(sh) <> 0)
        insert into ops_step_cube as c (${KEYS}, n, n_hours, sum_hours)
        select ${KEYS}, n, nh, sh from delta order by day, step, office, mode, service, carrier
        on conflict (day, step, office, mode, service, carrier) do update set n = c.n + excluded.n,
          n_hours = c.n_hours + excluded.n_hours, sum_hours = c.sum_hours + excluded.sum_hours
        returning c.step, c.day::text as day, c.office, c.mode, c.service, c.carrier, c.n`);
      const empty = rows.filter((r) => r.n === 0);
      if (empty.length)
        await tx.execute(sql`delete from ops_step_cube c using jsonb_to_recordset(${JSON.stringify(empty)}::jsonb)
            as e(step text, day date, office text, mode text, service text, carrier text)
          where c.n = 0 and c.step = e.step and c.day = e.day and c.office = e.office and c.mode = e.mode
            and c.service = e.service and c.carrier = e.carrier`);
    });
  },

  /**
   * The sweep (job `ops-steps-refresh`, every minute): refreshes the documents past the watermarks (new ids
   * in id order, then updates in updated_at order, SWEEP_BATCH a table per run) and moves the watermarks as
   * far as it read; never built, or a bulk load of more than REBUILD_ABOVE new documents: a rebuild.
   */
  async sweep(db: Db, batch = SWEEP_BATCH) {
    const state = await readState(db);
    if (!state) {
      await opsStepsRepository.rebuild(db);
      return { rebuilt: true, docs: 0 };
    }
    for (const table of TABLES) {
      const src = SOURCES[table];
      const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from (
          select 1 from ${sql.raw(table)} where ${sql.raw(src.id)} > ${state[src.max]} limit ${REBUILD_ABOVE + 1}) t`);
      if ((rows[0]?.n ?? 0) > REBUILD_ABOVE) {
        await opsStepsRepository.rebuild(db);
        return { rebuilt: true, docs: 0 };
      }
    }
    let docs = 0;
    const next: Record<string, number | string | null> = {};
    const startedAt = await databaseNow(db);
    for (const table of TABLES) {
      const src = SOURCES[table];
      const t = sql.raw(table);
      const id = sql.raw(src.id);
      const { rows: fresh } = await db.execute<{ id: number }>(
        sql`select ${id} as id from ${t} where ${id} > ${state[src.max]} order by ${id} limit ${batch}`,
      );
      const { rows: changed } = await db.execute<{ id: number; at: string }>(
        sql`${updatedAfterSql(table, boundOf(table, state))} order by updated_at, ${id} limit ${batch}`,
      );
      const ids = [...new Set([...fresh.map((r) => r.id), ...changed.map((r) => r.id)])];
      for (let i = 0; i < ids.length; i += CHUNK)
        await opsStepsRepository.refresh(db, table, ids.slice(i, i + CHUNK));
      docs += ids.length;
      const lastId = fresh.at(-1)?.id;
      if (lastId !== undefined) next[src.max] = lastId;
      // A full batch continues after its last row; otherwise everything before startedAt has been read
      // (platform/jobs/sweep-watermark.ts).
      const mark = sweepWatermark(startedAt, changed, batch);
      next[src.seen] = mark.at;
      next[src.after] = mark.afterId;
    }
    const sets = Object.entries(next).map(([k, v]) => sql`${sql.raw(k)} = ${v}`);
    if (sets.length) await db.execute(sql`update ops_step_state set ${sql.join(sets, sql`, `)} where id = 1`);
    return { rebuilt: false, docs };
  },
};
