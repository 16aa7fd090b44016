import type { TGpDim, TGpFilters } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared } from '../../platform/db/client';
import { cubeDeltaSql } from '../../platform/db/cube-delta';
import type { SweepAfter, SweepMark } from '../../platform/jobs/sweep-watermark';

/**
 * All SQL of the GP reports (docs/gp-reports.md). The one definition of a job's revenue and cost is
 * `factsSql`: the refresh writes it into gp_job_facts and the cubes, and the direct computation the tests
 * and the bench compare against is the same query over every job.
 */

/** Advisory-lock namespace of a job's GP refresh (two concurrent refreshes of one job wait for each other). */
const LOCK_NS = 8150;

/** Container TEU by size/type (contracts teuOf). */
const teu = (col: SQL) =>
  sql`(case when ${col} like '20%' then 1 when ${col} like '40%' then 2 when ${col} like '45%' then 2.25 else 0 end)`;

/**
 * Revenue, cost and units of the jobs in `jobScope` (a boolean over `so.job_no`), one row per job with at
 * least one invoice that is not deleted and not non-trade:
 * - attributes from the job's first shipping order (by SO no.): ETD month, office, mode, service, POL,
 *   customer, salesman;
 * - units over all its orders: CBM; TEU from the container lines (the requested equipment when none);
 *   chargeable weight max(gross kg, CBM × 167) by air, max(gross kg, CBM × 1000) otherwise;
 * - money from the invoice lines: net of tax, DR adds and CR subtracts (as posting does), × the invoice's
 *   rate, rounded to the base currency per line; a line goes to its own job when it names one of the
 *   invoice's jobs, otherwise to the invoice's first job. `posted` counts invoices whose journal the ledger
 *   accepted (process status SUCCESS).
 */
export function factsSql(jobScope: (col: SQL) => SQL, baseScale: number) {
  return sql`
    with so1 as (
      select distinct on (so.job_no) so.job_no, to_char(so.etd, 'YYYY-MM') as job_month,
             so.handling_office as office, so.transport_mode as mode, so.service_type as service, so.pol,
             so.customer_id, coalesce(so.salesman, '') as salesman,
             coalesce(so.pod, '') as pod, coalesce(so.carrier_code, '') as carrier
        from shipping_orders so
       where so.job_no is not null and ${jobScope(sql`so.job_no`)}
       order by so.job_no, so.so_no),
    units as (
      select so.job_no, sum(coalesce(so.cbm, 0)) as cbm,
             sum(case when so.transport_mode = 'AIR'
                      then greatest(coalesce(so.gross_weight, 0), coalesce(so.cbm, 0) * 167)
                      else greatest(coalesce(so.gross_weight, 0), coalesce(so.cbm, 0) * 1000) end) as cw,
             sum(coalesce(
               (select sum(${teu(sql`c.size_type`)}) from so_containers c where c.so_id = so.so_id),
               (select sum(${teu(sql`e.size_type`)} * e.qty) from so_equipment e where e.so_id = so.so_id),
               0)) as teu
        from shipping_orders so
       where so.job_no is not null and ${jobScope(sql`so.job_no`)}
       group by so.job_no),
    ${allocationCtes(jobScope, baseScale)},
    counted as (
      select j.job_no, count(distinct inv.inv_id)::int as invoices
        from inv join invoice_jobs j on j.inv_id = inv.inv_id
       where ${jobScope(sql`j.job_no`)}
       group by j.job_no),
    sums as (
      select job_no,
             coalesce(sum(base) filter (where inv_type = 'AR'), 0) as revenue,
             coalesce(sum(base) filter (where inv_type = 'AP'), 0) as cost,
             coalesce(sum(base) filter (where inv_type = 'AR' and posted), 0) as revenue_posted,
             coalesce(sum(base) filter (where inv_type = 'AP' and posted), 0) as cost_posted
        from money where ${jobScope(sql`money.job_no`)} group by job_no)
    select so1.job_no, so1.job_month, so1.office, so1.mode, so1.service, so1.pol, so1.customer_id, so1.salesman,
           so1.pod, so1.carrier, counted.invoices, 1 as jobs, coalesce(units.cbm, 0) as cbm, coalesce(units.teu, 0) as teu,
           coalesce(units.cw, 0) as cw, coalesce(sums.revenue, 0) as revenue, coalesce(sums.cost, 0) as cost,
           coalesce(sums.revenue_posted, 0) as revenue_posted, coalesce(sums.cost_posted, 0) as cost_posted
      from so1
      join counted on counted.job_no = so1.job_no
      left join units on units.job_no = so1.job_no
      left join sums on sums.job_no = so1.job_no`;
}

/**
 * The invoices of the jobs in scope (`ij`, `inv`) and each line's base amount on the job it counts on
 * (`money`): the one allocation factsSql sums per job and invoiceFactsSql per invoice × job.
 */
function allocationCtes(jobScope: (col: SQL) => SQL, baseScale: number) {
  return sql`
    ij as (
      select j.inv_id, min(j.job_no) as first_job, array_agg(distinct j.job_no) as jobs
        from invoice_jobs j
       where j.inv_id in (select j2.inv_id from invoice_jobs j2 where ${jobScope(sql`j2.job_no`)})
       group by j.inv_id),
    inv as (
      select i.inv_id, i.inv_type, i.exchange_rate, i.acct_process_status = 'SUCCESS' as posted, ij.first_job, ij.jobs,
             i.party_id, coalesce(i.invoice_date, i.created_at::date) as inv_date
        from ij join invoices i on i.inv_id = ij.inv_id
       where i.status <> 'DELETED' and i.kind <> 'NON_TRADE'),
    money as (
      select case when l.job_no = any(inv.jobs) then l.job_no else inv.first_job end as job_no, inv.inv_type, inv.posted,
             inv.inv_id, inv.party_id, inv.inv_date,
             round((case when l.dr_cr = 'CR' then -l.amount else l.amount end) * inv.exchange_rate, ${baseScale}) as base
        from inv join invoice_lines l on l.inv_id = inv.inv_id)`;
}

/**
 * Analytics (modules/analytics-gp): the same money per invoice × job (gp_invoice_facts), the job's
 * attributes joined from `jobsRel` (gp_new in a refresh, gp_job_facts in a rebuild).
 */
function invoiceFactsSql(jobScope: (col: SQL) => SQL, baseScale: number, jobsRel: string) {
  return sql`
    with ${allocationCtes(jobScope, baseScale)},
    per as (
      select inv_id, job_no, inv_type, party_id, inv_date, posted, sum(base) as base
        from money where ${jobScope(sql`money.job_no`)}
       group by inv_id, job_no, inv_type, party_id, inv_date, posted)
    select per.inv_id, per.job_no, per.inv_type, per.party_id, per.inv_date, per.posted, per.base,
           n.job_month, n.office, n.mode, n.service, n.pol, n.pod, n.carrier, n.customer_id, n.salesman,
           per.job_no = ij.first_job as first_row
      from per join ${sql.raw(jobsRel)} n on n.job_no = per.job_no
      join ij on ij.inv_id = per.inv_id`;
}

const INVOICE_FACT_COLS = sql.raw(
  'inv_id, job_no, inv_type, party_id, inv_date, posted, base, job_month, office, mode, service, pol, pod, carrier, customer_id, salesman, first_row',
);

/** gp_invoice_cube's keys computed from invoice-fact rows (the vendor only on AP rows). */
const INVOICE_CUBE_KEYS = 'inv_month, inv_type, job_month, office, mode, service, party_id';
const invoiceCubeRow = (sign: '' | '-') =>
  `to_char(inv_date, 'YYYY-MM') as inv_month, inv_type, job_month, office, mode, service,
   case when inv_type = 'AP' then party_id else 0 end as party_id,
   ${sign}(first_row::int) as invoices, ${sign}base as base`;

/** gp_invoice_day_cube's keys: the invoice date instead of its month, the same other keys. */
const INVOICE_DAY_CUBE_KEYS = 'inv_date, inv_type, job_month, office, mode, service, party_id';
const invoiceDayCubeRow = (sign: '' | '-') =>
  `inv_date, inv_type, job_month, office, mode, service,
   case when inv_type = 'AP' then party_id else 0 end as party_id,
   ${sign}(first_row::int) as invoices, ${sign}base as base`;

/** The invoice-grain cubes: month and day grain, each kept and rebuilt the same way. */
const INVOICE_CUBES = [
  { table: 'gp_invoice_cube', keys: INVOICE_CUBE_KEYS, row: invoiceCubeRow },
  { table: 'gp_invoice_day_cube', keys: INVOICE_DAY_CUBE_KEYS, row: invoiceDayCubeRow },
] as const;

/** `insert … on conflict add` of the difference between old and new invoice-fact rows into an invoice cube. */
function invoiceCubeDeltaSql(cube: (typeof INVOICE_CUBES)[number], oldRel: string, newRel: string) {
  const { table, keys, row } = cube;
  return `insert into ${table} (${keys}, invoices, base)
    select ${keys}, sum(invoices), sum(base) from (
      select ${row('')} from ${newRel} union all select ${row('-')} from ${oldRel}) d
    group by ${keys} order by ${keys}
    on conflict (${keys}) do update
      set invoices = ${table}.invoices + excluded.invoices, base = ${table}.base + excluded.base`;
}

const FACT_COLS = sql.raw(
  'job_no, job_month, office, mode, service, pol, customer_id, salesman, pod, carrier, invoices, jobs, cbm, teu, cw, revenue, cost, revenue_posted, cost_posted',
);
const MEASURES = ['jobs', 'cbm', 'teu', 'cw', 'revenue', 'cost', 'revenue_posted', 'cost_posted'];
const CUBES = [
  { table: 'gp_cube', keys: ['job_month', 'office', 'mode', 'service', 'pol'] },
  { table: 'gp_sales_cube', keys: ['job_month', 'office', 'mode', 'service', 'salesman'] },
  { table: 'gp_customer_cube', keys: ['job_month', 'office', 'mode', 'service', 'customer_id'] },
  { table: 'gp_lane_cube', keys: ['job_month', 'office', 'mode', 'service', 'pol', 'pod'] },
] as const;

/** The refresh's four staging tables, made once per pooled connection and emptied (the refresh may run twice in a transaction). */
const STAGING_SQL = `create temp table if not exists gp_old (like gp_job_facts including defaults) on commit delete rows;
  create temp table if not exists gp_new (like gp_job_facts including defaults) on commit delete rows;
  create temp table if not exists gp_inv_old (like gp_invoice_facts including defaults) on commit delete rows;
  create temp table if not exists gp_inv_new (like gp_invoice_facts including defaults) on commit delete rows;
  delete from gp_old; delete from gp_new; delete from gp_inv_old; delete from gp_inv_new`;

/** Every cube's delta (CUBES from gp_old/gp_new, INVOICE_CUBES from gp_inv_old/gp_inv_new) as one statement. */
const CUBE_DELTAS_SQL = `with ${[
  ...CUBES.map((c, k) => `c${k} as (${cubeDeltaSql(c, MEASURES, 'gp_old', 'gp_new')})`),
  ...INVOICE_CUBES.map((c, k) => `i${k} as (${invoiceCubeDeltaSql(c, 'gp_inv_old', 'gp_inv_new')})`),
].join(',\n')} select 1`;

export const gpRepository = {
  /**
   * Recomputes the GP facts of these jobs and moves the cubes by the difference, in the caller's transaction.
   * Idempotent: running it again for the same jobs changes nothing.
   */
  async refreshJobs(tx: DbOrTx, jobNos: readonly string[], baseScale: number) {
    const jobs = [...new Set(jobNos)].sort();
    if (!jobs.length) return;
    const arr = sql`${sql.param(jobs)}::text[]`;
    await executePrepared(
      tx,
      sql`select pg_advisory_xact_lock(${LOCK_NS}, hashtext(j)) from unnest(${arr}) j order by j`,
    );
    // The staging tables live as long as the pooled connection (`on commit delete rows`): creating and
    // dropping four tables per refresh cost ~50 ms of PostgreSQL time per invoice create (issue 20 write path).
    // One round trip (no parameters: the simple protocol runs the statements in order).
    await tx.execute(sql.raw(STAGING_SQL));
    await executePrepared(
      tx,
      sql`with d as (delete from gp_job_facts where job_no = any(${arr}) returning *) insert into gp_old select * from d`,
    );
    await executePrepared(
      tx,
      sql`insert into gp_new (${FACT_COLS}) ${factsSql((c) => sql`${c} = any(${arr})`, baseScale)}`,
    );
    await executePrepared(tx, sql`insert into gp_job_facts (${FACT_COLS}) select ${FACT_COLS} from gp_new`);
    // Analytics' invoice-grain facts of the same jobs (replaced whole: they carry the job's attributes) and
    // their cube moved by the difference.
    await executePrepared(
      tx,
      sql`with d as (delete from gp_invoice_facts where job_no = any(${arr}) returning *) insert into gp_inv_old select * from d`,
    );
    await executePrepared(
      tx,
      sql`insert into gp_inv_new (${INVOICE_FACT_COLS}) ${invoiceFactsSql((c) => sql`${c} = any(${arr})`, baseScale, 'gp_new')}`,
    );
    await executePrepared(
      tx,
      sql`insert into gp_invoice_facts (${INVOICE_FACT_COLS}) select ${INVOICE_FACT_COLS} from gp_inv_new`,
    );
    // Last, every cube moved by the difference in ONE statement: a cube row is shared by every job of its month,
    // office and lane, so concurrent refreshes wait on it; its lock is now held for this statement and the
    // commit only (issue 40: 20 invoices created at once in one office and month queued ~90 ms each here).
    await executePrepared(tx, sql.raw(CUBE_DELTAS_SQL));
  },

  /** The jobs to refresh for these invoices: the ones they bill now and the ones they counted on before. */
  async jobsOfInvoices(tx: DbOrTx, invIds: readonly number[], stamp = false) {
    const ids = sql`${sql.param([...invIds])}::int[]`;
    const { rows } = await executePrepared<{ job_no: string }>(
      tx,
      sql`
      select job_no from invoice_jobs where inv_id = any(${ids})
      union select job_no from gp_invoice_jobs where inv_id = any(${ids})`,
    );
    await executePrepared(tx, sql`delete from gp_invoice_jobs where inv_id = any(${ids})`);
    await executePrepared(
      tx,
      // With the invoice row version read now, before its facts are, when nothing later in this transaction can
      // change it (sweepGp leaves the invoice while its row is that version).
      sql`insert into gp_invoice_jobs (inv_id, job_no, seen_xmin)
      select distinct j.inv_id, j.job_no, case when ${stamp}::boolean then i.xmin::text::bigint end
        from invoice_jobs j join invoices i on i.inv_id = j.inv_id
       where j.inv_id = any(${ids}) on conflict do nothing`,
    );
    return rows.map((r) => r.job_no);
  },

  /**
   * A move that changes nothing these figures read: when the recorded version is the one before the move, the
   * invoice's facts are still up to date, so the record follows the row to the version the move wrote (as this
   * transaction sees it; a later write in it makes another version, which the sweep then refreshes).
   */
  async carrySeen(tx: DbOrTx, invId: number, before: string) {
    await executePrepared(
      tx,
      sql`update gp_invoice_jobs g set seen_xmin = i.xmin::text::bigint
            from invoices i
           where i.inv_id = ${invId} and g.inv_id = ${invId} and g.seen_xmin = ${before}::bigint`,
    );
  },

  /** Rebuilds every fact and cube from the invoices (bench generator, seed, repair): one statement each. */
  async rebuildAll(tx: DbOrTx, baseScale: number) {
    // Locked in the refresh's order first: a sweep running meanwhile waits instead of deadlocking.
    await tx.execute(
      sql`lock table gp_invoice_jobs, gp_job_facts, gp_cube, gp_sales_cube, gp_customer_cube, gp_lane_cube, gp_invoice_facts, gp_invoice_cube, gp_invoice_day_cube in access exclusive mode`,
    );
    await tx.execute(
      sql`truncate gp_invoice_jobs, gp_job_facts, gp_cube, gp_sales_cube, gp_customer_cube, gp_lane_cube, gp_invoice_facts, gp_invoice_cube, gp_invoice_day_cube`,
    );
    await tx.execute(
      sql`insert into gp_invoice_jobs (inv_id, job_no) select distinct inv_id, job_no from invoice_jobs`,
    );
    await tx.execute(sql`insert into gp_job_facts (${FACT_COLS}) ${factsSql(() => sql`true`, baseScale)}`);
    for (const cube of CUBES) {
      const keys = cube.keys.join(', ');
      const sums = MEASURES.map((x) => `sum(${x})`).join(', ');
      await tx.execute(
        sql.raw(
          `insert into ${cube.table} (${keys}, ${MEASURES.join(', ')}) select ${keys}, ${sums} from gp_job_facts group by ${keys}`,
        ),
      );
    }
    await tx.execute(
      sql`insert into gp_invoice_facts (${INVOICE_FACT_COLS}) ${invoiceFactsSql(() => sql`true`, baseScale, 'gp_job_facts')}`,
    );
    for (const { table, keys, row } of INVOICE_CUBES)
      await tx.execute(
        sql.raw(`insert into ${table} (${keys}, invoices, base)
          select ${keys}, sum(invoices), sum(base) from (select ${row('')} from gp_invoice_facts) d
           group by ${keys}`),
      );
  },

  /**
   * An invoice cube's rows as kept (`kept`) and computed directly from the invoices (invoiceFactsSql over every
   * job, regrouped by the cube's keys), zero rows left by moves dropped, in key order: the tests compare them.
   */
  async invoiceCubeCheck(db: DbOrTx, table: 'gp_invoice_cube' | 'gp_invoice_day_cube', baseScale: number) {
    const cube = INVOICE_CUBES.find((c) => c.table === table);
    if (!cube) throw new Error(table);
    const sums = sql.raw('sum(invoices)::int as invoices, round(sum(base), 4)::text as base');
    const keys = sql.raw(cube.keys);
    const kept = await db.execute(sql`
      select ${keys}, ${sums} from ${sql.raw(table)} group by ${keys}
      having sum(invoices) <> 0 or sum(base) <> 0 order by ${keys}`);
    const direct = await db.execute(sql`
      select ${keys}, ${sums}
        from (select ${sql.raw(cube.row(''))}
                from (${invoiceFactsSql(() => sql`true`, baseScale, 'gp_job_facts')}) f) d
       group by ${keys} having sum(invoices) <> 0 or sum(base) <> 0 order by ${keys}`);
    return { kept: kept.rows, direct: direct.rows };
  },

  /**
   * Invoices and orders changed after these marks (platform/jobs/sweep-watermark.ts), in (time, id) order, at most
   * `limit` of each. Posting records SUCCESS with posted_at (not updated_at): both clocks are watched, an invoice once for each. `fresh`:
   * the invoice's row is the version its last refresh read (gp_invoice_jobs.seen_xmin), so its facts are up to
   * date and the sweep need not refresh it.
   */
  async changedSince(db: DbOrTx, inv: SweepAfter, so: SweepAfter, limit: number) {
    const invRows = await db.execute<{ id: number; at: string; fresh: boolean }>(sql`
      select inv_id as id, at::text as at,
             exists (select 1 from gp_invoice_jobs g
                      where g.inv_id = x.inv_id and g.seen_xmin = x.xmin::text::bigint) as fresh
        from (
        (select inv_id, updated_at as at, xmin from invoices
          where updated_at >= ${inv.at}::timestamptz and (updated_at, inv_id) > (${inv.at}::timestamptz, ${inv.id}::int)
          order by updated_at, inv_id limit ${limit})
        union all
        (select inv_id, posted_at as at, xmin from invoices
          where posted_at >= ${inv.at}::timestamptz and (posted_at, inv_id) > (${inv.at}::timestamptz, ${inv.id}::int)
          order by posted_at, inv_id limit ${limit})) x
       order by at, inv_id limit ${limit}`);
    const soRows = await db.execute<{ id: number; job_no: string | null; at: string }>(sql`
      select so_id as id, job_no, updated_at::text as at from shipping_orders
       where updated_at >= ${so.at}::timestamptz and (updated_at, so_id) > (${so.at}::timestamptz, ${so.id}::int)
       order by updated_at, so_id limit ${limit}`);
    return { invoices: invRows.rows, orders: soRows.rows };
  },

  /**
   * Job facts exist but a derived table added later was never built: analytics' invoice-grain facts (session 25),
   * the customer and lane cubes (session 26), the invoice day cube (session 27).
   */
  async invoiceFactsMissing(db: DbOrTx) {
    const { rows } = await db.execute<{ missing: boolean }>(sql`
      select exists (select 1 from gp_job_facts) and (not exists (select 1 from gp_invoice_facts)
             or not exists (select 1 from gp_customer_cube) or not exists (select 1 from gp_lane_cube)
             or not exists (select 1 from gp_invoice_day_cube)) as missing`);
    return rows[0]?.missing === true;
  },

  async refreshState(db: DbOrTx) {
    const { rows } = await db.execute<{
      invoices_seen_at: string;
      invoices_after_id: number | null;
      orders_seen_at: string;
      orders_after_id: number | null;
    }>(sql`
      select invoices_seen_at::text as invoices_seen_at, invoices_after_id,
             orders_seen_at::text as orders_seen_at, orders_after_id
        from gp_refresh_state where id = 1`);
    return rows[0] ?? null;
  },

  async setRefreshState(db: DbOrTx, invoices: SweepMark, orders: SweepMark) {
    await db.execute(sql`insert into gp_refresh_state (id, invoices_seen_at, invoices_after_id, orders_seen_at, orders_after_id)
      values (1, ${invoices.at}, ${invoices.afterId}, ${orders.at}, ${orders.afterId})
      on conflict (id) do update set invoices_seen_at = excluded.invoices_seen_at,
        invoices_after_id = excluded.invoices_after_id, orders_seen_at = excluded.orders_seen_at,
        orders_after_id = excluded.orders_after_id`);
  },

  async jobsOfOrder(db: DbOrTx, soId: number) {
    const { rows } = await db.execute<{ job_no: string }>(
      sql`select job_no from shipping_orders where so_id = ${soId} and job_no is not null`,
    );
    return rows.map((r) => r.job_no);
  },

  async partyIdByCode(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ party_id: number }>(
      sql`select party_id from parties where party_code = ${code} limit 1`,
    );
    return rows[0]?.party_id ?? null;
  },

  /**
   * A report's rows: the measures summed by `dims` over the smallest table that has every dim and filter
   * (gp_cube, gp_sales_cube, else the job facts), months from..to, rows without jobs left out.
   */
  async summary(db: DbOrTx, dims: readonly TGpDim[], f: GpWhere) {
    const src = sourceFor(dims, f);
    const cols = dims.map((d) => sql.raw(`${src.alias}.${DIM_COL[d]}`));
    const selectDims = dims.map((d) => sql`${sql.raw(`${src.alias}.${DIM_COL[d]}`)}::text as ${sql.raw(d)}`);
    const customerName = dims.includes('customer')
      ? sql`, (select p.party_code || chr(9) || p.full_name from parties p where p.party_id = ${sql.raw(`${src.alias}.customer_id`)}) as customer_label`
      : sql``;
    const groupBy = cols.length ? sql`group by ${sql.join(cols, sql`, `)}` : sql``;
    const orderBy = cols.length ? sql`order by ${sql.join(cols, sql`, `)}` : sql``;
    const { rows } = await db.execute<Record<string, string | number | null>>(sql`
      select ${sql.join([...selectDims, measuresSql(src.alias, f.basis)], sql`, `)} ${customerName}
        from ${sql.raw(src.table)} ${sql.raw(src.alias)}
       where ${whereSql(src.alias, f)}
       ${groupBy}
       having sum(${sql.raw(src.alias)}.jobs) > 0
       ${orderBy}`);
    return rows;
  },

  /** The same rows computed directly from invoices and orders (tests and the bench compare the two). */
  async summaryDirect(db: DbOrTx, dims: readonly TGpDim[], f: GpWhere, baseScale: number) {
    const cols = dims.map((d) => sql.raw(`x.${DIM_COL[d]}`));
    const selectDims = dims.map((d) => sql`${sql.raw(`x.${DIM_COL[d]}`)}::text as ${sql.raw(d)}`);
    const groupBy = cols.length ? sql`group by ${sql.join(cols, sql`, `)}` : sql``;
    const orderBy = cols.length ? sql`order by ${sql.join(cols, sql`, `)}` : sql``;
    const { rows } = await db.execute<Record<string, string | number | null>>(sql`
      select ${sql.join([...selectDims, measuresSql('x', f.basis)], sql`, `)}
        from (${factsSql(() => sql`true`, baseScale)}) x
       where ${whereSql('x', f)}
       ${groupBy}
       having sum(x.jobs) > 0
       ${orderBy}`);
    return rows;
  },

  /** The jobs behind a figure, one page, with their totals. */
  async jobs(db: DbOrTx, f: GpWhere, page: number, pageSize: number) {
    const where = whereSql('f', f);
    const { rows } = await db.execute<GpJobRow>(sql`
      select f.job_no, f.job_month, f.office, f.mode, f.service, f.pol, f.salesman, f.invoices,
             p.party_code as customer, p.full_name as customer_name,
             f.cbm::text as cbm, f.teu::text as teu, f.cw::text as cw,
             ${revCost('f', f.basis, false)},
             coalesce((select array_agg(so.so_no order by so.so_no) from shipping_orders so where so.job_no = f.job_no), '{}') as so_nos,
             coalesce((select array_agg(so.so_id order by so.so_no) from shipping_orders so where so.job_no = f.job_no), '{}') as so_ids
        from gp_job_facts f join parties p on p.party_id = f.customer_id
       where ${where}
       order by f.job_month desc, f.job_no
       limit ${pageSize} offset ${(page - 1) * pageSize}`);
    const totals = await db.execute<Record<string, string | number | null>>(
      sql`select ${measuresSql('f', f.basis)} from gp_job_facts f where ${where}`,
    );
    return { rows, totals: totals.rows[0] };
  },

  /**
   * Invoices behind a figure, one page: each (invoice, job) pair with the invoice's revenue or cost on that
   * job (the allocation of factsSql), newest invoice first.
   */
  async invoices(db: DbOrTx, f: GpWhere, page: number, pageSize: number, baseScale: number) {
    const where = whereSql('f', f);
    const basisCond = f.basis === 'posted' ? sql`and i.acct_process_status = 'SUCCESS'` : sql``;
    const scope = sql`
      from gp_invoice_jobs g
      join gp_job_facts f on f.job_no = g.job_no
      join invoices i on i.inv_id = g.inv_id
     where ${where} and i.status <> 'DELETED' and i.kind <> 'NON_TRADE' ${basisCond}`;
    const { rows } = await db.execute<GpInvoiceRow>(sql`
      with pg as (
        select g.inv_id, g.job_no, f.job_month, f.office ${scope}
         order by g.inv_id desc, g.job_no limit ${pageSize} offset ${(page - 1) * pageSize}),
      ij as (select j.inv_id, min(j.job_no) as first_job, array_agg(distinct j.job_no) as jobs
               from invoice_jobs j where j.inv_id in (select inv_id from pg) group by j.inv_id),
      alloc as (
        select l.inv_id, case when l.job_no = any(ij.jobs) then l.job_no else ij.first_job end as job_no,
               (case when l.dr_cr = 'CR' then -l.amount else l.amount end) as net,
               round((case when l.dr_cr = 'CR' then -l.amount else l.amount end) * i.exchange_rate, ${baseScale}) as base
          from invoice_lines l join ij on ij.inv_id = l.inv_id join invoices i on i.inv_id = l.inv_id)
      select pg.inv_id, pg.job_no, pg.job_month as month, pg.office, i.invoice_no, i.inv_type, i.kind, i.status,
             i.acct_process_status, i.account_code, coalesce(p.full_name, '') as account_name,
             i.invoice_date::text as invoice_date, i.currency,
             coalesce((select sum(a.net) from alloc a where a.inv_id = pg.inv_id and a.job_no = pg.job_no), 0)::text as net_amount,
             coalesce((select sum(a.base) from alloc a where a.inv_id = pg.inv_id and a.job_no = pg.job_no), 0)::text as base
        from pg join invoices i on i.inv_id = pg.inv_id
        left join parties p on p.party_id = i.party_id
       order by pg.inv_id desc, pg.job_no`);
    const { rows: count } = await db.execute<{ n: number }>(sql`select count(*)::int as n ${scope}`);
    return { rows, total: count[0]?.n ?? 0 };
  },
};

export interface GpJobRow extends Record<string, unknown> {
  job_no: string;
  job_month: string;
  office: string;
  mode: string;
  service: string;
  pol: string;
  salesman: string;
  invoices: number;
  customer: string;
  customer_name: string;
  cbm: string;
  teu: string;
  cw: string;
  revenue: string;
  cost: string;
  so_nos: string[];
  so_ids: number[];
}

export interface GpInvoiceRow extends Record<string, unknown> {
  inv_id: number;
  job_no: string;
  month: string;
  office: string;
  invoice_no: string;
  inv_type: string;
  kind: string;
  status: string;
  acct_process_status: string;
  account_code: string;
  account_name: string;
  invoice_date: string | null;
  currency: string;
  net_amount: string;
  base: string;
}

/** Filters in table terms: months, dims' values (customer as its party id), a job, the basis. */
export interface GpWhere {
  from: string;
  to: string;
  basis: TGpFilters['basis'];
  eq: Partial<Record<TGpDim, string | number>>;
  jobNo?: string;
}

const DIM_COL: Record<TGpDim, string> = {
  month: 'job_month',
  office: 'office',
  mode: 'mode',
  service: 'service',
  pol: 'pol',
  customer: 'customer_id',
  salesman: 'salesman',
};

const CUBE_DIMS: Record<string, readonly TGpDim[]> = {
  gp_cube: ['month', 'office', 'mode', 'service', 'pol'],
  gp_sales_cube: ['month', 'office', 'mode', 'service', 'salesman'],
  gp_customer_cube: ['month', 'office', 'mode', 'service', 'customer'],
};

/** The smallest table holding every dim grouped or filtered on (docs/gp-reports.md "Aggregates"). */
export function sourceFor(dims: readonly TGpDim[], f: GpWhere) {
  const needed = new Set<TGpDim>([...dims, ...(Object.keys(f.eq) as TGpDim[])]);
  if (f.jobNo) return { table: 'gp_job_facts', alias: 'f' };
  for (const [table, has] of Object.entries(CUBE_DIMS))
    if ([...needed].every((d) => has.includes(d))) return { table, alias: 'c' };
  return { table: 'gp_job_facts', alias: 'f' };
}

function whereSql(alias: string, f: GpWhere): SQL {
  const a = (c: string) => sql.raw(`${alias}.${c}`);
  const parts: SQL[] = [sql`${a('job_month')} between ${f.from} and ${f.to}`];
  for (const [d, v] of Object.entries(f.eq) as [TGpDim, string | number][]) {
    if (v === undefined) continue;
    parts.push(sql`${a(DIM_COL[d])} = ${v}`);
  }
  if (f.jobNo) parts.push(sql`${a('job_no')} = ${f.jobNo}`);
  return sql.join(parts, sql` and `);
}

function revCost(alias: string, basis: TGpFilters['basis'], summed: boolean) {
  const r = basis === 'posted' ? 'revenue_posted' : 'revenue';
  const c = basis === 'posted' ? 'cost_posted' : 'cost';
  const w = (col: string) => (summed ? `coalesce(sum(${alias}.${col}), 0)` : `${alias}.${col}`);
  return sql.raw(`${w(r)}::text as revenue, ${w(c)}::text as cost`);
}

function measuresSql(alias: string, basis: TGpFilters['basis']) {
  const s = (col: string) => `coalesce(sum(${alias}.${col}), 0)::text as ${col}`;
  return sql.join(
    [
      sql.raw(`coalesce(sum(${alias}.jobs), 0)::int as jobs`),
      sql.raw(s('cbm')),
      sql.raw(s('teu')),
      sql.raw(s('cw')),
      revCost(alias, basis, true),
    ],
    sql`, `,
  );
}
