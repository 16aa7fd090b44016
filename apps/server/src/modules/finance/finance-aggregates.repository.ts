// Over 600 lines: the finance roll-ups' refresh and reads share the level, late-row and item SQL fragments at
// the top.
import {
  AP_STAGES,
  AR_STAGES,
  COUNT_CAP,
  FINANCE_PRESETS,
  type TFinanceFilter,
  type TOverdueReportQuery,
} from '@portal/contracts';
import { or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared } from '../../platform/db/client';
import type { SweepAfter, SweepMark } from '../../platform/jobs/sweep-watermark';
import { awaitingInvoiceSql, invoices, lateOnSql, stageSql } from '../invoice';
import {
  BASE_OUTSTANDING,
  DUE_JOINED,
  lateWindowDays,
  OPEN_SQL,
  type OpenItemFigures,
} from './finance.repository';

/** Dates that do not apply (a primary key has no nulls) and months that do not apply. */
export const NO_DATE = '0001-01-01';
/** The advisory lock space of an invoice's finance items (two refreshes of one invoice run one after the other). */
const LOCK_SPACE = 4606286;
/** The advisory lock space of a job's late-invoicing rows (by hashtext(job_no)). */
const LATE_LOCK_SPACE = 4606287;
/** The rollup value of office_code and currency in fin_cube, fin_due_cube and fin_party_open: every office / currency. */
export const ALL = '*';
/**
 * Every delta row counted at the four levels of the rollup (office or '*') × (currency or '*'), so each
 * filter-bar combination is one level's rows read by primary key.
 */
const LEVELS = sql.raw(
  `cross join (values (false, false), (true, false), (false, true), (true, true)) as lv(all_office, all_currency)`,
);
const OFFICE_AT = sql.raw(`(case when lv.all_office then '${ALL}' else office_code end)`);
const CURRENCY_AT = sql.raw(`(case when lv.all_currency then '${ALL}' else currency end)`);
/** The level a filter reads: its office and currency, or the rollup. */
const level = (f: TFinanceFilter) => ({ office: f.office ?? ALL, currency: f.currency ?? ALL });

/**
 * The late-invoicing rows of the shipping orders matching `where` (the direct definition of
 * finance.repository.ts lateSideSql, before the ETD window and filters): an order with a job, not cancelled,
 * once per side whose job has no invoice of that side (any status but Deleted).
 */
const lateRowsSql = (where: SQL) => sql`
  select s.side as inv_type, so.so_id, so.job_no, so.etd, so.handling_office as office_code, so.customer_id
    from shipping_orders so cross join (values ('AR'), ('AP')) as s(side)
   where (${where}) and ${awaitingInvoiceSql(sql`s.side`)}`;

/** One item: an invoice's contribution of one kind (finance.tables.ts). */
export interface FinItem extends Record<string, unknown> {
  inv_id: number;
  kind: string;
  inv_type: string;
  office_code: string;
  currency: string;
  invoice_date: string;
  due_date: string;
  posted_month: string;
  party_id: number;
  account_code: string;
  amount: string;
}

const PENDING_AR = AR_STAGES.find((s) => s.name === 'PendingPosting');
const PENDING_AP = AP_STAGES.find((s) => s.name === 'PendingPosting');
/** The dashboard's "unposted": the PendingPosting stage of either side (as the direct computation). */
const UNPOSTED_SQL = or(
  PENDING_AR ? stageSql('AR', PENDING_AR) : undefined,
  PENDING_AP ? stageSql('AP', PENDING_AP) : undefined,
) as SQL;

/**
 * The items of the invoices matching `where`, computed with the same SQL definitions as the direct dashboard
 * (OPEN_SQL, BASE_OUTSTANDING, the due day DUE_JOINED, the PendingPosting stage), so the two never differ.
 */
const itemsSql = (where: SQL) => sql`
  select ${invoices.inv_id} as inv_id, k.kind, ${invoices.inv_type} as inv_type, ${invoices.office_code} as office_code,
         ${invoices.currency} as currency, coalesce(${invoices.invoice_date}, ${NO_DATE}::date)::text as invoice_date,
         (case when k.kind = 'OPEN' then ${DUE_JOINED} else ${NO_DATE}::date end)::text as due_date,
         case when k.kind = 'POSTED' then to_char(${invoices.posted_at}, 'YYYY-MM') else '' end as posted_month,
         ${invoices.party_id} as party_id, ${invoices.account_code} as account_code,
         coalesce(case when k.kind = 'OPEN' then ${BASE_OUTSTANDING} else ${invoices.base_total_amount} end, 0)::text as amount
    from ${invoices} join parties fp on fp.party_id = ${invoices.party_id}
   cross join (values ('OPEN'), ('POSTED'), ('UNPOSTED')) as k(kind)
   where ${where}
     and case k.kind
           when 'OPEN' then ${OPEN_SQL}
           when 'POSTED' then ${invoices.status} in ('POSTED', 'CLOSED') and ${invoices.posted_at} is not null
           else coalesce(${UNPOSTED_SQL}, false) end`;

/** The amount with its sign turned (a credit note's items are negative). */
const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);

const col = <K extends keyof FinItem>(rows: readonly FinItem[], k: K) => rows.map((r) => r[k]);

/** The filter bar's conditions on the aggregates (as invoiceFilterSql on invoices). */
function aggFilter(f: TFinanceFilter, asOf: string, customer: boolean): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.office) parts.push(sql`office_code = ${f.office}`);
  if (f.currency) parts.push(sql`currency = ${f.currency}`);
  if (customer && f.customer) parts.push(sql`account_code = ${f.customer}`);
  if (f.preset)
    parts.push(sql`invoice_date between ${asOf}::date - ${FINANCE_PRESETS[f.preset]}::int and ${asOf}::date`);
  return sql.join(parts, sql` and `);
}

/** The dashboard's figures read from the aggregates (the same shape as the direct computation's). */
export interface AggFigures extends OpenItemFigures {
  posted_n: number;
  posted_amt: string;
  unposted_n: number;
  unposted_amt: string;
}

/** Aggregate SQL and its upkeep (docs/finance.md "Aggregates"). */
export const financeAggregatesRepository = {
  /** Locks these invoices' items for this transaction (id order: no deadlock between two refreshes). */
  async lock(tx: DbOrTx, ids: readonly number[]) {
    await executePrepared(
      tx,
      sql`select pg_advisory_xact_lock(${LOCK_SPACE}, id)
      from unnest(${sql.param([...ids])}::int[]) as id order by id`,
    );
  },

  /**
   * Records the row version of these invoices as their items' source: read now, before their items are, by a
   * refresh after their change committed (finInvoiceSeen). A write committed in between only makes the record
   * older than the items, which costs the sweep one refresh more, never one fewer.
   */
  async stampSeen(tx: DbOrTx, ids: readonly number[]) {
    await executePrepared(
      tx,
      sql`insert into fin_invoice_seen (inv_id, seen_xmin)
          select inv_id, xmin::text::bigint from invoices where inv_id = any(${sql.param([...ids])}::int[])
          on conflict (inv_id) do update set seen_xmin = excluded.seen_xmin`,
    );
  },

  /** A move that changes no item: the record follows the row from the version before it to the one it wrote. */
  async carrySeen(tx: DbOrTx, invId: number, before: string) {
    await executePrepared(
      tx,
      sql`update fin_invoice_seen s set seen_xmin = i.xmin::text::bigint from invoices i
           where i.inv_id = ${invId} and s.inv_id = ${invId} and s.seen_xmin = ${before}::bigint`,
    );
  },

  /** The items these invoices have now. */
  async current(tx: DbOrTx, ids: readonly number[]) {
    const { rows } = await executePrepared<FinItem>(
      tx,
      itemsSql(sql`${invoices.inv_id} = any(${sql.param([...ids])}::int[])`),
    );
    return rows;
  },

  /** Takes away the items recorded for these invoices, answering them. */
  async takeRecorded(tx: DbOrTx, ids: readonly number[]) {
    const { rows } = await executePrepared<FinItem>(
      tx,
      sql`
      delete from fin_items where inv_id = any(${sql.param([...ids])}::int[])
      returning inv_id, kind, inv_type, office_code, currency, invoice_date::text as invoice_date,
                due_date::text as due_date, posted_month, party_id, account_code, amount::text as amount`,
    );
    return rows;
  },

  async record(tx: DbOrTx, items: readonly FinItem[]) {
    if (!items.length) return;
    await executePrepared(
      tx,
      sql`
      insert into fin_items (inv_id, kind, inv_type, office_code, currency, invoice_date, due_date, posted_month,
                             party_id, account_code, amount)
      select * from unnest(${sql.param(col(items, 'inv_id'))}::int[], ${sql.param(col(items, 'kind'))}::text[],
                           ${sql.param(col(items, 'inv_type'))}::text[], ${sql.param(col(items, 'office_code'))}::text[],
                           ${sql.param(col(items, 'currency'))}::text[], ${sql.param(col(items, 'invoice_date'))}::date[],
                           ${sql.param(col(items, 'due_date'))}::date[], ${sql.param(col(items, 'posted_month'))}::text[],
                           ${sql.param(col(items, 'party_id'))}::int[], ${sql.param(col(items, 'account_code'))}::text[],
                           ${sql.param(col(items, 'amount'))}::numeric[])`,
    );
  },

  /**
   * Adds the difference (new − old items) to the cube and the customers' open receivables, in key order (two
   * refreshes touching the same rows lock them in the same order), and drops rows that come to nothing.
   */
  async applyDelta(tx: DbOrTx, old: readonly FinItem[], now: readonly FinItem[]) {
    const d = [
      ...old.map((r) => ({ ...r, n: -1, signed: negate(r.amount) })),
      ...now.map((r) => ({ ...r, n: 1, signed: r.amount })),
    ];
    if (!d.length) return;
    const p = <K extends keyof (typeof d)[number]>(k: K) => sql.param(d.map((r) => r[k]));
    const delta = sql`unnest(${p('kind')}::text[], ${p('posted_month')}::text[], ${p('inv_type')}::text[],
        ${p('office_code')}::text[], ${p('currency')}::text[], ${p('invoice_date')}::date[], ${p('due_date')}::date[],
        ${p('party_id')}::int[], ${p('n')}::int[], ${p('signed')}::numeric[])
      as d(kind, posted_month, inv_type, office_code, currency, invoice_date, due_date, party_id, n, amount)`;
    await executePrepared(
      tx,
      sql`
      insert into fin_cube (kind, posted_month, inv_type, office_code, currency, invoice_date, due_date, n, amount)
      select kind, posted_month, inv_type, ${OFFICE_AT}, ${CURRENCY_AT}, invoice_date, due_date, sum(n)::int, sum(amount)
        from ${delta} ${LEVELS}
       group by 1, 2, 3, 4, 5, 6, 7 having sum(n) <> 0 or sum(amount) <> 0
       order by 1, 2, 3, 4, 5, 6, 7
      on conflict (kind, posted_month, inv_type, office_code, currency, invoice_date, due_date)
      do update set n = fin_cube.n + excluded.n, amount = fin_cube.amount + excluded.amount`,
    );
    await executePrepared(
      tx,
      sql`
      delete from fin_cube c using (select distinct kind, posted_month, inv_type, ${OFFICE_AT} as office_code,
                                           ${CURRENCY_AT} as currency, invoice_date, due_date from ${delta} ${LEVELS}) k
       where c.n = 0 and c.kind = k.kind and c.posted_month = k.posted_month and c.inv_type = k.inv_type
         and c.office_code = k.office_code and c.currency = k.currency and c.invoice_date = k.invoice_date
         and c.due_date = k.due_date`,
    );
    // The same delta without the invoice date (fin_due_cube: the dashboard's reads without a date preset).
    await executePrepared(
      tx,
      sql`
      insert into fin_due_cube (kind, posted_month, inv_type, office_code, currency, due_date, n, amount)
      select kind, posted_month, inv_type, ${OFFICE_AT}, ${CURRENCY_AT}, due_date, sum(n)::int, sum(amount)
        from ${delta} ${LEVELS}
       group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0 or sum(amount) <> 0
       order by 1, 2, 3, 4, 5, 6
      on conflict (kind, posted_month, inv_type, office_code, currency, due_date)
      do update set n = fin_due_cube.n + excluded.n, amount = fin_due_cube.amount + excluded.amount`,
    );
    await executePrepared(
      tx,
      sql`
      delete from fin_due_cube c using (select distinct kind, posted_month, inv_type, ${OFFICE_AT} as office_code,
                                               ${CURRENCY_AT} as currency, due_date from ${delta} ${LEVELS}) k
       where c.n = 0 and c.kind = k.kind and c.posted_month = k.posted_month and c.inv_type = k.inv_type
         and c.office_code = k.office_code and c.currency = k.currency and c.due_date = k.due_date`,
    );
    await executePrepared(
      tx,
      sql`
      insert into fin_party_open (party_id, office_code, currency, n, amount, pos_amount)
      select party_id, ${OFFICE_AT}, ${CURRENCY_AT}, sum(n)::int, sum(amount),
             -- A new item adds its amount when positive, a taken-away one (amount negated) removes it.
             sum(case when n > 0 then greatest(amount, 0) else least(amount, 0) end)
        from ${delta} ${LEVELS}
       where kind = 'OPEN' and inv_type = 'AR'
       group by 1, 2, 3 having sum(n) <> 0 or sum(amount) <> 0
          or sum(case when n > 0 then greatest(amount, 0) else least(amount, 0) end) <> 0
       order by 1, 2, 3
      on conflict (party_id, office_code, currency)
      do update set n = fin_party_open.n + excluded.n, amount = fin_party_open.amount + excluded.amount,
                    pos_amount = fin_party_open.pos_amount + excluded.pos_amount`,
    );
    await executePrepared(
      tx,
      sql`
      delete from fin_party_open c using (select distinct party_id, ${OFFICE_AT} as office_code, ${CURRENCY_AT} as currency
                                            from ${delta} ${LEVELS} where kind = 'OPEN' and inv_type = 'AR') k
       where c.n = 0 and c.party_id = k.party_id and c.office_code = k.office_code and c.currency = k.currency`,
    );
  },

  /** Rebuilds every aggregate from the invoices (tables locked meanwhile). */
  async rebuildAll(tx: DbOrTx) {
    await tx.execute(
      sql`lock table fin_items, fin_cube, fin_due_cube, fin_party_open, fin_late, fin_inv_jobs in exclusive mode`,
    );
    await tx.execute(sql`truncate fin_items, fin_cube, fin_due_cube, fin_party_open, fin_late, fin_inv_jobs`);
    await tx.execute(sql`
      insert into fin_items (inv_id, kind, inv_type, office_code, currency, invoice_date, due_date, posted_month,
                             party_id, account_code, amount)
      select inv_id, kind, inv_type, office_code, currency, invoice_date::date, due_date::date, posted_month,
             party_id, account_code, amount::numeric
        from (${itemsSql(sql`true`)}) x`);
    await tx.execute(sql`
      insert into fin_cube (kind, posted_month, inv_type, office_code, currency, invoice_date, due_date, n, amount)
      select kind, posted_month, inv_type, ${OFFICE_AT}, ${CURRENCY_AT}, invoice_date, due_date, count(*)::int, sum(amount)
        from fin_items ${LEVELS} group by 1, 2, 3, 4, 5, 6, 7`);
    await tx.execute(sql`
      insert into fin_due_cube (kind, posted_month, inv_type, office_code, currency, due_date, n, amount)
      select kind, posted_month, inv_type, office_code, currency, due_date, sum(n)::int, sum(amount)
        from fin_cube group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into fin_party_open (party_id, office_code, currency, n, amount, pos_amount)
      select party_id, ${OFFICE_AT}, ${CURRENCY_AT}, count(*)::int, sum(amount), sum(greatest(amount, 0))
        from fin_items ${LEVELS}
       where kind = 'OPEN' and inv_type = 'AR' group by 1, 2, 3`);
    await tx.execute(sql`insert into fin_inv_jobs (inv_id, job_no)
      select distinct j.inv_id, j.job_no from invoice_jobs j join invoices i on i.inv_id = j.inv_id
       where i.status <> 'DELETED'`);
    await tx.execute(sql`
      insert into fin_late (inv_type, so_id, job_no, etd, office_code, customer_id) ${lateRowsSql(sql`true`)}`);
  },

  async refreshState(db: DbOrTx) {
    const { rows } = await db.execute<{
      invoices_seen_at: string | null;
      invoices_after_id: number | null;
      parties_seen_at: string | null;
      parties_after_id: number | null;
      orders_seen_at: string | null;
      orders_after_id: number | null;
      shape: number | null;
    }>(
      sql`select invoices_seen_at::text as invoices_seen_at, invoices_after_id,
                 parties_seen_at::text as parties_seen_at, parties_after_id,
                 orders_seen_at::text as orders_seen_at, orders_after_id, shape
            from fin_refresh_state where id = 1`,
    );
    return rows[0] ?? null;
  },

  async setRefreshState(
    db: DbOrTx,
    at: { invoices: SweepMark; parties: SweepMark; orders: SweepMark; shape?: number },
  ) {
    await db.execute(sql`
      insert into fin_refresh_state (id, invoices_seen_at, invoices_after_id, parties_seen_at, parties_after_id,
                                     orders_seen_at, orders_after_id, shape)
      values (1, ${at.invoices.at}, ${at.invoices.afterId}, ${at.parties.at}, ${at.parties.afterId},
              ${at.orders.at}, ${at.orders.afterId}, ${at.shape ?? null})
      on conflict (id) do update set invoices_seen_at = excluded.invoices_seen_at,
                                     invoices_after_id = excluded.invoices_after_id,
                                     parties_seen_at = excluded.parties_seen_at,
                                     parties_after_id = excluded.parties_after_id,
                                     orders_seen_at = excluded.orders_seen_at,
                                     orders_after_id = excluded.orders_after_id,
                                     shape = coalesce(excluded.shape, fin_refresh_state.shape)`);
  },

  /**
   * Shipping orders changed after the mark (late invoicing: ETD, office, customer, job, cancellation), in
   * (time, id) order.
   */
  async ordersChangedSince(db: DbOrTx, after: SweepAfter, limit: number) {
    const { rows } = await db.execute<{ id: number; at: string }>(sql`
      select so_id as id, updated_at::text as at from shipping_orders
       where updated_at >= ${after.at}::timestamptz and (updated_at, so_id) > (${after.at}::timestamptz, ${after.id}::int)
       order by updated_at, so_id limit ${limit}`);
    return rows;
  },

  /**
   * The jobs whose late invoicing these invoices changed: fin_inv_jobs records the jobs each invoice (not
   * Deleted) covered at its last refresh; the jobs gained or lost since (a new invoice, a delete, an edit of
   * its jobs) are answered and the record brought up to date. An approval or a posting changes none.
   */
  async jobsOfInvoices(tx: DbOrTx, ids: readonly number[]) {
    const p = sql`${sql.param([...ids])}::int[]`;
    const { rows } = await executePrepared<{ job_no: string }>(
      tx,
      sql`
      with cur as (
        select distinct j.inv_id, j.job_no from invoice_jobs j join invoices i on i.inv_id = j.inv_id
         where j.inv_id = any(${p}) and i.status <> 'DELETED'),
      old as (select inv_id, job_no from fin_inv_jobs where inv_id = any(${p})),
      gone as (delete from fin_inv_jobs f using old
                where f.inv_id = old.inv_id and f.job_no = old.job_no
                  and not exists (select 1 from cur where cur.inv_id = old.inv_id and cur.job_no = old.job_no)
               returning f.job_no),
      added as (insert into fin_inv_jobs (inv_id, job_no)
                select inv_id, job_no from cur
                 where not exists (select 1 from old where old.inv_id = cur.inv_id and old.job_no = cur.job_no)
                on conflict do nothing returning job_no)
      select job_no from gone union select job_no from added`,
    );
    return rows.map((r) => r.job_no);
  },

  /**
   * Recomputes the late-invoicing rows of these jobs (and drops those of these orders first: an order that
   * left its job, lost it or was cancelled), under a per-job advisory lock taken in a fixed order.
   */
  async refreshLate(tx: DbOrTx, jobNos: readonly string[], soIds: readonly number[] = []) {
    const so = sql`${sql.param([...soIds])}::int[]`;
    const jobs = soIds.length
      ? [
          ...new Set([
            ...jobNos,
            ...(
              await executePrepared<{ job_no: string }>(
                tx,
                sql`
                select job_no from shipping_orders where so_id = any(${so}) and job_no is not null
                union select job_no from fin_late where so_id = any(${so})`,
              )
            ).rows.map((r) => r.job_no),
          ]),
        ]
      : [...new Set(jobNos)];
    if (!jobs.length && !soIds.length) return;
    const j = sql`${sql.param(jobs)}::text[]`;
    await executePrepared(
      tx,
      sql`select pg_advisory_xact_lock(${LATE_LOCK_SPACE}, h)
      from (select distinct hashtext(x) as h from unnest(${j}) as x) t order by h`,
    );
    if (soIds.length) await executePrepared(tx, sql`delete from fin_late where so_id = any(${so})`);
    if (!jobs.length) return;
    await executePrepared(tx, sql`delete from fin_late where job_no = any(${j})`);
    await executePrepared(
      tx,
      sql`
      insert into fin_late (inv_type, so_id, job_no, etd, office_code, customer_id)
      ${lateRowsSql(sql`so.job_no = any(${j})`)}
      on conflict (inv_type, so_id) do update set job_no = excluded.job_no, etd = excluded.etd,
        office_code = excluded.office_code, customer_id = excluded.customer_id`,
    );
  },

  /**
   * The dashboard's late-invoicing count from fin_late (as finance.repository.ts lateCount over the orders):
   * the jobs of each side with an order in the ETD window past the threshold, up to COUNT_CAP + 1.
   */
  async lateCount(db: DbOrTx, f: TFinanceFilter & { inv_type?: 'AR' | 'AP' }, asOf: string) {
    const side = (s: 'AR' | 'AP') => {
      const window = lateWindowDays(f);
      // fin_late's rows are the awaiting orders (lateRowsSql), named `so` for the shared condition.
      return sql`select so.job_no from fin_late so
        where so.inv_type = ${s} and ${lateOnSql(s, sql`${asOf}::date`)}
          ${window === null ? sql`` : sql`and so.etd >= ${asOf}::date - ${window}::int`}
          ${f.office ? sql`and so.office_code = ${f.office}` : sql``}
          ${f.customer ? sql`and so.customer_id in (select party_id from parties where party_code = ${f.customer})` : sql``}
        group by so.job_no`;
    };
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n
        from (select 1 from (${f.inv_type ? side(f.inv_type) : sql`${side('AR')} union all ${side('AP')}`}) l
               limit ${COUNT_CAP + 1}) t`);
    const n = rows[0]?.n ?? 0;
    return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
  },

  /**
   * Invoices changed since `invoicesAt` (updated, or posted: the ledger's answer stamps posted_at only) and the
   * invoices with open items of parties changed since `partiesAt` (their terms move due days), up to `limit`
   * each, oldest first; an invoice is `fresh` when its row is still the version its items were derived from.
   */
  async changedSince(db: DbOrTx, inv: SweepAfter, par: SweepAfter, limit: number) {
    const [invRows, parRows] = await Promise.all([
      // `fresh`: the row is the version its items were derived from (fin_invoice_seen).
      db.execute<{ id: number; at: string; fresh: boolean }>(sql`
        select inv_id as id, at::text as at,
               exists (select 1 from fin_invoice_seen s
                        where s.inv_id = x.inv_id and s.seen_xmin = x.xmin::text::bigint) as fresh
          from (
          (select inv_id, updated_at as at, xmin from invoices
            where updated_at >= ${inv.at}::timestamptz and (updated_at, inv_id) > (${inv.at}::timestamptz, ${inv.id}::int)
            order by updated_at, inv_id limit ${limit})
          union all
          (select inv_id, posted_at as at, xmin from invoices
            where posted_at >= ${inv.at}::timestamptz and (posted_at, inv_id) > (${inv.at}::timestamptz, ${inv.id}::int)
            order by posted_at, inv_id limit ${limit})) x
         order by at, inv_id limit ${limit}`),
      db.execute<{ id: number; at: string }>(sql`
        select party_id as id, updated_at::text as at from parties
         where updated_at >= ${par.at}::timestamptz and (updated_at, party_id) > (${par.at}::timestamptz, ${par.id}::int)
         order by updated_at, party_id limit ${limit}`),
    ]);
    return { invoices: invRows.rows, parties: parRows.rows };
  },

  /** Invoices that have items of these parties (a terms change moves their due days). */
  async invoicesOfParties(db: DbOrTx, partyIds: readonly number[]) {
    if (!partyIds.length) return [];
    const { rows } = await db.execute<{ inv_id: number }>(sql`
      select distinct inv_id from fin_items where kind = 'OPEN' and party_id = any(${sql.param([...partyIds])}::int[])`);
    return rows.map((r) => r.inv_id);
  },

  /**
   * The dashboard's open items, posted this period and unposted, from the cube (or, with a customer, from that
   * customer's items): one statement over a few thousand rows whatever the number of invoices.
   */
  async figures(db: DbOrTx, f: TFinanceFilter, asOf: string): Promise<AggFigures> {
    const lv = level(f);
    // Without a customer: one level of the cube, every key column but the dates fixed (array keys), so the
    // primary key answers it by index whatever the other offices and currencies hold. Without a date preset the
    // level of fin_due_cube (one row per due day: every as-of day is sums over due-day ranges), else fin_cube's
    // (the preset is an invoice-date range).
    const cube = f.preset ? sql`fin_cube` : sql`fin_due_cube`;
    const src = f.customer
      ? sql`(select kind, posted_month, inv_type, office_code, currency, invoice_date, due_date, 1 as n, amount
               from fin_items where ${aggFilter(f, asOf, true)}) s`
      : sql`(select kind, posted_month, inv_type, due_date, n, amount from ${cube}
              where kind = any(array['OPEN', 'POSTED', 'UNPOSTED']) and posted_month = any(array['', to_char(${asOf}::date, 'YYYY-MM')])
                and inv_type = any(array['AR', 'AP']) and office_code = ${lv.office} and currency = ${lv.currency}
                ${f.preset ? sql`and invoice_date between ${asOf}::date - ${FINANCE_PRESETS[f.preset]}::int and ${asOf}::date` : sql``}) s`;
    const a = sql`${asOf}::date`;
    const open = sql`kind = 'OPEN' and inv_type = 'AR'`;
    const sumN = (w: SQL) => sql`coalesce(sum(n) filter (where ${w}), 0)::int`;
    const sumA = (w: SQL) => sql`coalesce(sum(amount) filter (where ${w}), 0)::text`;
    const pair = (name: string, w: SQL) =>
      sql`${sumN(w)} as ${sql.raw(`${name}_n`)}, ${sumA(w)} as ${sql.raw(name === 'b_current' || /^b\d$/.test(name) ? name : `${name}_amt`)}`;
    const { rows } = await db.execute<AggFigures>(sql`
      select ${pair('ar', open)}, ${pair('ap', sql`kind = 'OPEN' and inv_type = 'AP'`)},
             ${pair('overdue', sql`${open} and due_date < ${a}`)},
             ${pair('week', sql`${open} and due_date between ${a} and ${a} + 6`)},
             ${pair('b_current', sql`${open} and due_date >= ${a}`)},
             ${pair('b1', sql`${open} and due_date between ${a} - 30 and ${a} - 1`)},
             ${pair('b2', sql`${open} and due_date between ${a} - 60 and ${a} - 31`)},
             ${pair('b3', sql`${open} and due_date between ${a} - 90 and ${a} - 61`)},
             ${pair('b4', sql`${open} and due_date < ${a} - 90`)},
             ${pair('posted', sql`kind = 'POSTED' and posted_month = to_char(${a}, 'YYYY-MM')`)},
             ${pair('unposted', sql`kind = 'UNPOSTED'`)}
        from ${src}
       where kind = 'UNPOSTED' or kind = 'OPEN' or (kind = 'POSTED' and posted_month = to_char(${a}, 'YYYY-MM'))`);
    return rows[0];
  },

  /**
   * How many open items of these sides are past their due day as of `asOf` under the filter (the
   * OverdueInvoicing list's total, the dashboard's overdue card for AR), capped as the lists count: from the
   * level of fin_due_cube (or fin_cube with a preset, the customer's items with a customer).
   */
  async overdueCount(db: DbOrTx, f: TFinanceFilter, asOf: string, sides: readonly ('AR' | 'AP')[]) {
    const lv = level(f);
    const src = f.customer
      ? sql`(select inv_type, due_date, 1 as n from fin_items
              where kind = 'OPEN' and ${aggFilter(f, asOf, true)})`
      : sql`(select inv_type, due_date, n from ${f.preset ? sql`fin_cube` : sql`fin_due_cube`}
              where kind = 'OPEN' and posted_month = '' and inv_type = any(${sql.param([...sides])}::text[])
                and office_code = ${lv.office} and currency = ${lv.currency}
                ${f.preset ? sql`and invoice_date between ${asOf}::date - ${FINANCE_PRESETS[f.preset]}::int and ${asOf}::date` : sql``})`;
    const { rows } = await db.execute<{ n: number }>(sql`
      select coalesce(sum(n), 0)::int as n from ${src} s
       where inv_type = any(${sql.param([...sides])}::text[]) and due_date < ${asOf}::date`);
    const n = rows[0]?.n ?? 0;
    return n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
  },

  /**
   * The customer overdue report's customers in report order (docs/finance.md "Speed"), from the customers'
   * open receivables instead of grouping the open items: the level's rows of fin_party_open (or, with a
   * customer, that account's open items), with the name search and "over the credit limit only" on parties.
   * The default order (largest total first) walks fin_party_open_level_idx. `limit` null: every customer.
   */
  async overdueRanking(db: DbOrTx, f: TOverdueReportQuery, page: { limit: number | null; offset: number }) {
    const lv = level(f);
    const src = f.customer
      ? sql`(select party_id, sum(amount) as amount from fin_items
              where kind = 'OPEN' and inv_type = 'AR' and account_code = ${f.customer}
                ${f.office ? sql`and office_code = ${f.office}` : sql``}
                ${f.currency ? sql`and currency = ${f.currency}` : sql``}
              group by party_id)`
      : sql`(select party_id, amount from fin_party_open where office_code = ${lv.office} and currency = ${lv.currency})`;
    // As the direct report: total − limit when a limit > 0 is exceeded, else 0.
    const overLimit = sql`(case when p.credit_limit > 0 and t.amount > p.credit_limit then t.amount - p.credit_limit else 0 end)`;
    const sortCol =
      f.sort === 'account_code' ? sql`p.party_code` : f.sort === 'over_limit' ? overLimit : sql`t.amount`;
    const dir = sql.raw(f.order === 'desc' || !f.sort ? 'desc' : 'asc');
    const search = f.q?.trim().toLowerCase();
    const { rows } = await db.execute<{ party_id: number }>(sql`
      select t.party_id from ${src} t join parties p on p.party_id = t.party_id
       where true
         ${search ? sql`and lower(p.party_code || ' ' || p.full_name) like ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
         ${f.breach ? sql`and ${overLimit} > 0` : sql``}
       order by ${sortCol} ${dir}, p.party_code
       ${page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`);
    return rows.map((r) => r.party_id);
  },

  /** How many customers have open receivables at the filter's level (the report's count without a search). */
  async overdueCustomers(db: DbOrTx, f: TOverdueReportQuery) {
    const lv = level(f);
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from fin_party_open where office_code = ${lv.office} and currency = ${lv.currency}`);
    return rows[0]?.n ?? 0;
  },

  /**
   * The report's grand totals by ageing bucket: from the cube's level (every customer), or from these
   * customers' open items (a search, a customer or "over the limit only" narrowed them).
   */
  async overdueTotals(db: DbOrTx, f: TOverdueReportQuery, asOf: string, partyIds: readonly number[] | null) {
    const lv = level(f);
    const src = partyIds
      ? sql`(select due_date, amount from fin_items
              where kind = 'OPEN' and inv_type = 'AR' and party_id = any(${sql.param([...partyIds])}::int[])
                ${f.office ? sql`and office_code = ${f.office}` : sql``}
                ${f.currency ? sql`and currency = ${f.currency}` : sql``}
                ${f.customer ? sql`and account_code = ${f.customer}` : sql``})`
      : sql`(select due_date, amount from fin_due_cube
              where kind = 'OPEN' and posted_month = '' and inv_type = 'AR' and office_code = ${lv.office}
                and currency = ${lv.currency})`;
    const a = sql`${asOf}::date`;
    const sumA = (w: SQL) => sql`coalesce(sum(amount) filter (where ${w}), 0)::text`;
    const { rows } = await db.execute<{
      t_current: string;
      t_d1_30: string;
      t_d31_60: string;
      t_d61_90: string;
      t_d90_plus: string;
      t_total: string;
    }>(sql`
      select ${sumA(sql`due_date >= ${a}`)} as t_current, ${sumA(sql`due_date between ${a} - 30 and ${a} - 1`)} as t_d1_30,
             ${sumA(sql`due_date between ${a} - 60 and ${a} - 31`)} as t_d31_60,
             ${sumA(sql`due_date between ${a} - 90 and ${a} - 61`)} as t_d61_90,
             ${sumA(sql`due_date < ${a} - 90`)} as t_d90_plus, ${sumA(sql`true`)} as t_total
        from ${src} s`);
    return rows[0];
  },

  /**
   * Customers whose open receivables under the filter exceed a credit limit > 0 (as the direct computation):
   * - without a customer or a date preset, from the customers' totals at the level (fin_party_open);
   * - with a date preset (issue 15), only the level's customers whose positive open items (pos_amount) exceed
   *   their limit can breach it within any invoice-date window: their items in the window are summed
   *   (fin_items_party_open_date_idx), not every item of the window;
   * - with a customer, from that customer's items.
   */
  async breaches(db: DbOrTx, f: TFinanceFilter, asOf: string) {
    const lv = level(f);
    if (f.preset && !f.customer) {
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n
          from fin_party_open po join parties cp on cp.party_id = po.party_id
         where po.office_code = ${lv.office} and po.currency = ${lv.currency}
           and cp.credit_limit > 0 and po.pos_amount > cp.credit_limit
           and (select coalesce(sum(i.amount), 0) from fin_items i
                 where i.party_id = po.party_id and i.kind = 'OPEN' and i.inv_type = 'AR'
                   and ${aggFilter(f, asOf, false)}) > cp.credit_limit`);
      return rows[0]?.n ?? 0;
    }
    const src = f.customer
      ? sql`(select party_id, amount from fin_items
              where kind = 'OPEN' and inv_type = 'AR' and ${aggFilter(f, asOf, true)}) s`
      : sql`(select party_id, amount from fin_party_open
              where office_code = ${lv.office} and currency = ${lv.currency}) s`;
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select party_id, sum(amount) as total from ${src} group by party_id) t
        join parties cp on cp.party_id = t.party_id
       where cp.credit_limit > 0 and t.total > cp.credit_limit`);
    return rows[0]?.n ?? 0;
  },
};
