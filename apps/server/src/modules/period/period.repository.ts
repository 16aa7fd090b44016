import {
  GENERIC_INVOICE_KINDS,
  PERIOD_BLOCKING_STATUSES,
  PERIOD_CLOSABLE_STATUSES,
  PERIOD_SETTLEMENT_REQUIRED,
  type TPeriodBlocker,
  type TPeriodKind,
} from '@portal/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared, keyIn } from '../../platform/db/client';
import {
  accountingPeriodEvents,
  accountingPeriods,
  periodClosedInvoices,
  periodJobLocks,
} from './period.tables';

export type PeriodRow = typeof accountingPeriods.$inferSelect;
export type PeriodEventRow = typeof accountingPeriodEvents.$inferSelect;

const list = (xs: readonly string[]) => sql.param([...xs]);
/** The close an invoice of this kind falls under (periodKindOfInvoice in SQL): GENERIC for the generic kinds. */
const closeKindOf = (kind: SQL) =>
  sql`case when ${kind} = any(${list(GENERIC_INVOICE_KINDS)}::text[]) then 'GENERIC' else 'TRADE' end`;

/** First day of the month and of the next one ('YYYY-MM' → ['YYYY-MM-01', 'YYYY-MM+1-01']). */
export function monthRange(period: string): [string, string] {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${period}-01`, `${next}-01`];
}

/**
 * The invoices of an office's month and close kind (alias `i`): the month of the invoice date, or of the
 * creation date while the invoice has none (a New invoice still blocks its month). Deleted ones never count.
 */
function inPeriod(office: string, period: string, kind: TPeriodKind): SQL {
  const [from, to] = monthRange(period);
  const generic = list(GENERIC_INVOICE_KINDS);
  return sql`i.office_code = ${office} and i.status <> 'DELETED'
    and ${kind === 'GENERIC' ? sql`i.kind = any(${generic}::text[])` : sql`i.kind <> all(${generic}::text[])`}
    and ((i.invoice_date >= ${from}::date and i.invoice_date < ${to}::date)
      or (i.invoice_date is null and i.created_at >= ${from}::date and i.created_at < ${to}::date))`;
}

/** The blocker reason of an invoice row (alias `i`), null when it does not block (002 §4; contracts). */
const REASON = sql`case
  when i.status = any(${list(PERIOD_BLOCKING_STATUSES.UNAPPROVED)}::text[]) then 'UNAPPROVED'
  when i.status = any(${list(PERIOD_BLOCKING_STATUSES.UNPOSTED)}::text[]) then 'UNPOSTED'
  when i.status = any(${list(PERIOD_BLOCKING_STATUSES.REVERSAL_UNPOSTED)}::text[]) then 'REVERSAL_UNPOSTED'
  when i.status = 'POSTED' and i.acct_process_status = 'FAILURE' then 'POSTING_FAILED'
  when i.status = 'POSTED' and i.acct_process_status = 'PENDING' then 'POSTING_PENDING'
  when i.status = any(${list(PERIOD_CLOSABLE_STATUSES)}::text[]) and i.outstanding_amount <> 0
   and i.kind = any(${list(PERIOD_SETTLEMENT_REQUIRED.kinds)}::text[]) then 'UNSETTLED'
  end`;

/** SQL of the period close module (accounting_periods, events, job locks, the invoices of a period). */
export const periodRepository = {
  /** The kinds (TRADE / GENERIC) closed for an office and month. */
  async closedKinds(db: DbOrTx, office: string, period: string): Promise<TPeriodKind[]> {
    const rows = await db
      .select({ kind: accountingPeriods.kind })
      .from(accountingPeriods)
      .where(
        and(
          eq(accountingPeriods.office_code, office),
          eq(accountingPeriods.period, period),
          eq(accountingPeriods.status, 'CLOSED'),
        ),
      );
    return rows.map((r) => r.kind as TPeriodKind);
  },

  async find(db: DbOrTx, office: string, period: string, kind: TPeriodKind) {
    const [row] = await db
      .select()
      .from(accountingPeriods)
      .where(
        and(
          eq(accountingPeriods.office_code, office),
          eq(accountingPeriods.period, period),
          eq(accountingPeriods.kind, kind),
        ),
      );
    return row ?? null;
  },

  /** The period row, created (open) when missing, locked for the rest of the transaction. */
  async lockOrCreate(tx: DbOrTx, office: string, period: string, kind: TPeriodKind, by: string) {
    await tx
      .insert(accountingPeriods)
      .values({ office_code: office, period, kind, status: 'OPEN', created_by: by, updated_by: by })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(accountingPeriods)
      .where(
        and(
          eq(accountingPeriods.office_code, office),
          eq(accountingPeriods.period, period),
          eq(accountingPeriods.kind, kind),
        ),
      )
      .for('update');
    if (!row) throw new Error('accounting period row vanished');
    return row;
  },

  async update(tx: DbOrTx, id: number, values: Partial<typeof accountingPeriods.$inferInsert>) {
    await tx
      .update(accountingPeriods)
      .set({ ...values, updated_at: sql`now()`, version: sql`${accountingPeriods.version} + 1` })
      .where(eq(accountingPeriods.id, id));
  },

  async addEvent(tx: DbOrTx, e: typeof accountingPeriodEvents.$inferInsert) {
    await tx.insert(accountingPeriodEvents).values(e);
  },

  /** Close and reopen events of an office's periods of one kind (newest first), or of one month. */
  async events(db: DbOrTx, office: string, kind: TPeriodKind, period?: string, limit = 100) {
    const rows = await db
      .select({
        id: accountingPeriodEvents.id,
        period: accountingPeriods.period,
        action: accountingPeriodEvents.action,
        reason: accountingPeriodEvents.reason,
        invoice_count: accountingPeriodEvents.invoice_count,
        job_count: accountingPeriodEvents.job_count,
        actor: accountingPeriodEvents.actor,
        at: accountingPeriodEvents.at,
      })
      .from(accountingPeriodEvents)
      .innerJoin(accountingPeriods, eq(accountingPeriods.id, accountingPeriodEvents.period_id))
      .where(
        and(
          eq(accountingPeriods.office_code, office),
          eq(accountingPeriods.kind, kind),
          period ? eq(accountingPeriods.period, period) : undefined,
        ),
      )
      .orderBy(desc(accountingPeriodEvents.id))
      .limit(limit);
    return rows;
  },

  /** Periods with a close or reopen of one kind (all offices, or one), newest month first. */
  async periods(db: DbOrTx, kind: TPeriodKind, office?: string) {
    return db
      .select()
      .from(accountingPeriods)
      .where(
        and(eq(accountingPeriods.kind, kind), office ? eq(accountingPeriods.office_code, office) : undefined),
      )
      .orderBy(desc(accountingPeriods.period), accountingPeriods.office_code)
      .limit(200);
  },

  /** What blocks the close: each blocking invoice with its reason, invoice# order, at most `limit`. */
  async blockers(
    db: DbOrTx,
    office: string,
    period: string,
    kind: TPeriodKind,
    limit: number,
  ): Promise<{ rows: TPeriodBlocker[]; count: number }> {
    const { rows } = await db.execute<TPeriodBlocker>(sql`
      select * from (
        select i.inv_id, i.invoice_no, i.inv_type, i.kind, i.status, i.acct_process_status, i.account_code,
               i.invoice_date::text as invoice_date, i.currency, i.total_amount::text as total_amount,
               i.outstanding_amount::text as outstanding_amount, ${REASON} as reason
          from invoices i
         where ${inPeriod(office, period, kind)}) b
       where b.reason is not null
       order by b.invoice_no
       limit ${limit}`);
    const count =
      rows.length < limit ? rows.length : await periodRepository.blockerCount(db, office, period, kind);
    return { rows, count };
  },

  async blockerCount(db: DbOrTx, office: string, period: string, kind: TPeriodKind) {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from invoices i
       where ${inPeriod(office, period, kind)} and (${REASON}) is not null`);
    return rows[0]?.n ?? 0;
  },

  /** How many invoices of the period a close would close now (no blocker, Posted / Reversed / Post Reversed). */
  async closableCount(db: DbOrTx, office: string, period: string, kind: TPeriodKind) {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from invoices i
       where ${inPeriod(office, period, kind)}
         and i.status = any(${list(PERIOD_CLOSABLE_STATUSES)}::text[]) and (${REASON}) is null`);
    return rows[0]?.n ?? 0;
  },

  /** The invoices a close closes, locked in id order (a concurrent move waits for the close). */
  async closableIds(tx: DbOrTx, office: string, period: string, kind: TPeriodKind): Promise<number[]> {
    const { rows } = await tx.execute<{ inv_id: number }>(sql`
      select i.inv_id from invoices i
       where ${inPeriod(office, period, kind)} and i.status = any(${list(PERIOD_CLOSABLE_STATUSES)}::text[])
       order by i.inv_id for update`);
    return rows.map((r) => r.inv_id);
  },

  async jobsOf(tx: DbOrTx, invIds: readonly number[]): Promise<string[]> {
    if (!invIds.length) return [];
    const { rows } = await tx.execute<{ job_no: string }>(sql`
      select distinct job_no from invoice_jobs where inv_id = any(${sql.param([...invIds])}::int[])
       order by job_no`);
    return rows.map((r) => r.job_no);
  },

  async rememberClosed(
    tx: DbOrTx,
    periodId: number,
    items: readonly { inv_id: number; from_status: string }[],
  ) {
    if (!items.length) return;
    await tx
      .insert(periodClosedInvoices)
      .values(items.map((x) => ({ period_id: periodId, inv_id: x.inv_id, from_status: x.from_status })))
      .onConflictDoNothing();
  },

  async closedBy(tx: DbOrTx, periodId: number) {
    return tx
      .select({ inv_id: periodClosedInvoices.inv_id, from_status: periodClosedInvoices.from_status })
      .from(periodClosedInvoices)
      .where(eq(periodClosedInvoices.period_id, periodId))
      .orderBy(periodClosedInvoices.inv_id);
  },

  async forgetClosed(tx: DbOrTx, periodId: number) {
    await tx.delete(periodClosedInvoices).where(eq(periodClosedInvoices.period_id, periodId));
  },

  /** Locks the jobs (Completed-GP Locked); a job already locked by another period keeps that lock. */
  async lockJobs(tx: DbOrTx, periodId: number, jobNos: readonly string[], by: string): Promise<number> {
    if (!jobNos.length) return 0;
    const rows = await tx
      .insert(periodJobLocks)
      .values(jobNos.map((job_no) => ({ job_no, period_id: periodId, locked_by: by })))
      .onConflictDoNothing()
      .returning({ job_no: periodJobLocks.job_no });
    return rows.length;
  },

  async unlockJobs(tx: DbOrTx, periodId: number): Promise<number> {
    const rows = await tx
      .delete(periodJobLocks)
      .where(eq(periodJobLocks.period_id, periodId))
      .returning({ job_no: periodJobLocks.job_no });
    return rows.length;
  },

  async lockedJobCount(db: DbOrTx, periodId: number) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from period_job_locks where period_id = ${periodId}`,
    );
    return rows[0]?.n ?? 0;
  },

  async closedCount(db: DbOrTx, periodId: number) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from period_closed_invoices where period_id = ${periodId}`,
    );
    return rows[0]?.n ?? 0;
  },

  async offices(db: DbOrTx) {
    const { rows } = await db.execute<{ code: string; short_name: string }>(
      sql`select code, short_name from offices order by code`,
    );
    return rows;
  },

  /**
   * What refuses saving an invoice, in one statement (the save check of every create and edit): whether its
   * month (of its invoice date, else of its creation) is closed for its side (GENERIC for the generic kinds,
   * TRADE otherwise), and the first of its jobs a period close locked, with the locking month. Null when the
   * invoice does not exist.
   */
  async saveBlockers(db: DbOrTx, invId: number) {
    const { rows } = await executePrepared<{
      office_code: string;
      period: string;
      closed: boolean;
      locked_job: string | null;
      locked_period: string | null;
    }>(
      db,
      sql`
      select i.office_code, m.period,
             exists (select 1 from accounting_periods p
                      where p.office_code = i.office_code and p.period = m.period and p.status = 'CLOSED'
                        and p.kind = ${closeKindOf(sql`i.kind`)}) as closed,
             l.job_no as locked_job, l.period as locked_period
        from invoices i
        cross join lateral (select to_char(coalesce(i.invoice_date, i.created_at::date), 'YYYY-MM') as period) m
        left join lateral (
          select pl.job_no, lp.period
            from invoice_jobs j
            join period_job_locks pl on pl.job_no = j.job_no
            join accounting_periods lp on lp.id = pl.period_id
           where j.inv_id = i.inv_id
           order by pl.job_no, lp.period limit 1) l on true
       where i.inv_id = ${invId}`,
    );
    return rows[0] ?? null;
  },

  /** Of these (office, month, side) keys, the closed ones: one query for a whole batch. */
  async closedOf(db: DbOrTx, keys: readonly { office: string; period: string; kind: TPeriodKind }[]) {
    if (!keys.length) return [];
    const { rows } = await db.execute<{ office_code: string; period: string; kind: TPeriodKind }>(sql`
      select p.office_code, p.period, p.kind
        from accounting_periods p
        join unnest(${sql.param(keys.map((k) => k.office))}::text[], ${sql.param(keys.map((k) => k.period))}::text[],
                    ${sql.param(keys.map((k) => k.kind))}::text[]) as k(office_code, period, kind)
          on k.office_code = p.office_code and k.period = p.period and k.kind = p.kind
       where p.status = 'CLOSED'`);
    return rows;
  },

  /**
   * Of these invoices, those whose month (invoice date, else creation day) is closed for their side
   * (GENERIC for the generic kinds, TRADE otherwise): one query for a whole import.
   */
  async invoicesInClosedPeriods(db: DbOrTx, invIds: readonly number[]) {
    if (!invIds.length) return [];
    // Prepared (every move of an invoice asks it): one text for one invoice, one for several (keyIn).
    const { rows } = await executePrepared<{ inv_id: number; office_code: string; period: string }>(
      db,
      sql`
      select i.inv_id, i.office_code, p.period
        from invoices i
        join accounting_periods p
          on p.office_code = i.office_code
         and p.period = to_char(coalesce(i.invoice_date, i.created_at::date), 'YYYY-MM')
         and p.status = 'CLOSED'
         and p.kind = ${closeKindOf(sql`i.kind`)}
       where ${keyIn(sql`i.inv_id`, invIds)}
       order by i.inv_id`,
    );
    return rows;
  },

  async officeExists(db: DbOrTx, office: string) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from offices where code = ${office}`,
    );
    return (rows[0]?.n ?? 0) > 0;
  },

  async jobLocked(db: DbOrTx, jobNo: string): Promise<boolean> {
    const rows = await db
      .select({ job_no: periodJobLocks.job_no })
      .from(periodJobLocks)
      .where(eq(periodJobLocks.job_no, jobNo))
      .limit(1);
    return rows.length > 0;
  },

  async lockedJobs(db: DbOrTx, jobNos: string[]): Promise<string[]> {
    if (!jobNos.length) return [];
    const rows = await db
      .select({ job_no: periodJobLocks.job_no })
      .from(periodJobLocks)
      .where(inArray(periodJobLocks.job_no, jobNos));
    return rows.map((r) => r.job_no);
  },
};
