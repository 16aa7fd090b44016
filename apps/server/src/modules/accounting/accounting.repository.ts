import type { TPostingRule } from '@portal/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, notifyAfterCommit } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';
import { invoices } from '../invoice';
import {
  journalLines,
  journals,
  postingAccounts,
  postingRules,
  postingTaxAccounts,
} from './accounting.tables';
import type { BuilderLine, BuiltJournal } from './journal-builder';

export type JournalRow = typeof journals.$inferSelect;
export type JournalLineRow = typeof journalLines.$inferSelect;
/** A builder line with the invoice it belongs to. */
type LineRow = Pick<BuilderLine, keyof BuilderLine> & { inv_id: number };

/** Notified when journals are queued (the kicker wakes the posting job at commit). */
export const POSTING_CHANNEL = 'accounting_post';

export interface PostingQueueFilter {
  view: 'postable' | 'failed' | 'pending';
  invType?: string;
  /** Invoice# or account code prefix. */
  q?: string;
  limit: number;
}

/**
 * The ids of the posting queue's page (accountingRepository.queue), in invoice# order over the queue's partial
 * indexes: no prefix, one ordered walk; a prefix, a range of the invoice numbers and one of the account codes,
 * each ordered, merged. Byte order ("C"): the database collation makes no LIKE prefix a range.
 */
export function postingQueueIds(o: PostingQueueFilter) {
  const view =
    o.view === 'postable'
      ? sql`status in ('IMPORTED', 'IMPORTED_REVERSAL')`
      : sql`status in ('POSTED', 'POST_REVERSED') and acct_process_status = ${o.view === 'failed' ? 'FAILURE' : 'PENDING'}`;
  const where = o.invType ? sql`${view} and inv_type = ${o.invType}` : view;
  const byNo = sql.raw('(invoice_no collate "C")');
  if (!o.q) return sql`select inv_id from invoices where ${where} order by ${byNo} limit ${o.limit}`;
  const prefix = `${likeEscape(o.q.toUpperCase())}%`;
  return sql`select inv_id from (
      (select inv_id, ${byNo} as no from invoices
        where ${where} and ${byNo} like ${prefix} order by ${byNo} limit ${o.limit})
      union
      (select inv_id, ${byNo} as no from invoices
        where ${where} and (account_code collate "C") like ${prefix} order by ${byNo} limit ${o.limit})
      order by no limit ${o.limit}) m`;
}

/** Posting rules, tax accounts, journals and the posting queue (docs/accounting.md). */
export const accountingRepository = {
  async rules(db: DbOrTx): Promise<TPostingRule[]> {
    const rows = await db
      .select()
      .from(postingRules)
      .orderBy(asc(postingRules.rule_set), asc(postingRules.seq));
    return rows as TPostingRule[];
  },

  async taxAccounts(db: DbOrTx) {
    return db
      .select()
      .from(postingTaxAccounts)
      .orderBy(asc(postingTaxAccounts.inv_type), asc(postingTaxAccounts.tax_code));
  },

  async account(db: DbOrTx, purpose: string): Promise<string | null> {
    const [row] = await db.select().from(postingAccounts).where(eq(postingAccounts.purpose, purpose));
    return row?.account ?? null;
  },

  async invoicesByIds(db: DbOrTx, ids: number[], forUpdate = false) {
    if (!ids.length) return [];
    const q = db.select().from(invoices).where(inArray(invoices.inv_id, ids)).orderBy(asc(invoices.inv_id));
    return forUpdate ? q.for('update') : q;
  },

  /** Charge lines with their charge code's ledger code, per invoice. */
  async lines(db: DbOrTx, ids: number[]) {
    const { rows } = await db.execute<LineRow>(sql`
      select l.inv_id, l.line_no, l.charge_code, nullif(trim(c.ledger_code), '') as ledger_code, l.description,
             l.job_no, l.dr_cr, l.amount::text as amount, l.tax_amount::text as tax_amount, l.tax_code
        from invoice_lines l left join charge_codes c on c.charge_code = l.charge_code
       where l.inv_id = any(${sql.param(ids)}::int[])
       order by l.inv_id, l.line_no`);
    const out = new Map<number, BuilderLine[]>();
    for (const r of rows) {
      const { inv_id, ...line } = r;
      out.set(inv_id, [...(out.get(inv_id) ?? []), line]);
    }
    return out;
  },

  /** The party's sun A/C code (001 §3), empty ones as null; and its code. */
  async parties(db: DbOrTx, partyIds: number[]) {
    const { rows } = await db.execute<{ party_id: number; party_code: string; sun: string | null }>(sql`
      select party_id, party_code, nullif(trim(sun_ac_code), '') as sun
        from parties where party_id = any(${sql.param(partyIds)}::int[])`);
    return new Map(rows.map((r) => [r.party_id, r]));
  },

  async firstJobs(db: DbOrTx, ids: number[]) {
    const { rows } = await db.execute<{ inv_id: number; job_no: string }>(sql`
      select inv_id, min(job_no) as job_no from invoice_jobs
       where inv_id = any(${sql.param(ids)}::int[]) group by inv_id`);
    return new Map(rows.map((r) => [r.inv_id, r.job_no]));
  },

  async journalOf(db: DbOrTx, invId: number, kind: string) {
    const [row] = await db
      .select()
      .from(journals)
      .where(sql`${journals.inv_id} = ${invId} and ${journals.kind} = ${kind}`);
    return row;
  },

  /** The journals (inv_id, kind) these invoices already have: one query for a batch. */
  async journalKindsOf(db: DbOrTx, invIds: readonly number[]) {
    if (!invIds.length) return new Set<string>();
    const rows = await db
      .select({ inv_id: journals.inv_id, kind: journals.kind })
      .from(journals)
      .where(inArray(journals.inv_id, [...invIds]));
    return new Set(rows.map((r) => `${r.inv_id}|${r.kind}`));
  },

  /**
   * Stores many built journals QUEUED with their lines in a few statements (the batch post): one insert of the
   * journals, then their lines in chunks (bind parameters stay under PostgreSQL's limit). Caller's transaction.
   */
  async insertQueuedJournals(
    db: DbOrTx,
    list: readonly { journal: BuiltJournal; inv_id: number; inv_type: string; office_code: string }[],
    createdBy: string,
  ) {
    if (!list.length) return;
    const made = await db
      .insert(journals)
      .values(
        list.map(({ journal: j, ...v }) => ({
          inv_id: v.inv_id,
          kind: j.kind,
          reference: j.reference,
          rule_set: j.rule_set,
          inv_type: v.inv_type,
          office_code: v.office_code,
          period: j.period,
          journal_date: j.journal_date,
          description: j.description,
          status: 'QUEUED' as const,
          created_by: createdBy,
        })),
      )
      .returning({ id: journals.id, reference: journals.reference });
    const idOf = new Map(made.map((m) => [m.reference, m.id]));
    const lines = list.flatMap(({ journal: j }) =>
      j.lines.map((l) => ({ ...l, journal_id: idOf.get(j.reference) as number })),
    );
    for (let i = 0; i < lines.length; i += 2000)
      await db.insert(journalLines).values(lines.slice(i, i + 2000));
  },

  /** The lines of several journals, per journal in line order (the posting job reads a round's at once). */
  async linesOfJournals(db: DbOrTx, journalIds: readonly number[]) {
    const out = new Map<number, JournalLineRow[]>();
    if (!journalIds.length) return out;
    const rows = await db
      .select()
      .from(journalLines)
      .where(inArray(journalLines.journal_id, [...journalIds]))
      .orderBy(asc(journalLines.journal_id), asc(journalLines.line_no));
    for (const r of rows) out.set(r.journal_id, [...(out.get(r.journal_id) ?? []), r]);
    return out;
  },

  async journalsOfInvoice(db: DbOrTx, invId: number) {
    const rows = await db.select().from(journals).where(eq(journals.inv_id, invId)).orderBy(asc(journals.id));
    const lines = rows.length
      ? await db
          .select()
          .from(journalLines)
          .where(
            inArray(
              journalLines.journal_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(journalLines.journal_id), asc(journalLines.line_no))
      : [];
    return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.journal_id === r.id) }));
  },

  async journalLines(db: DbOrTx, journalId: number) {
    return db
      .select()
      .from(journalLines)
      .where(eq(journalLines.journal_id, journalId))
      .orderBy(asc(journalLines.line_no));
  },

  /** Stores a built journal with its lines (QUEUED, or POSTED for the seed), in the caller's transaction. */
  async insertJournal(
    db: DbOrTx,
    j: BuiltJournal,
    values: {
      inv_id: number;
      inv_type: string;
      office_code: string;
      status: 'QUEUED' | 'POSTED';
      journal_no?: string | null;
      posted_at?: string | null;
      created_by: string;
    },
  ) {
    const [row] = await db
      .insert(journals)
      .values({
        inv_id: values.inv_id,
        kind: j.kind,
        reference: j.reference,
        rule_set: j.rule_set,
        inv_type: values.inv_type,
        office_code: values.office_code,
        period: j.period,
        journal_date: j.journal_date,
        description: j.description,
        status: values.status,
        journal_no: values.journal_no ?? null,
        posted_at: values.posted_at ?? null,
        created_by: values.created_by,
      })
      .returning();
    if (j.lines.length)
      await db.insert(journalLines).values(j.lines.map((l) => ({ ...l, journal_id: row.id })));
    return row;
  },

  /** A failed (rejected) journal rebuilt for a retry: same reference, new lines, queued again. */
  async requeueRebuilt(db: DbOrTx, id: number, j: BuiltJournal) {
    await db.delete(journalLines).where(eq(journalLines.journal_id, id));
    if (j.lines.length) await db.insert(journalLines).values(j.lines.map((l) => ({ ...l, journal_id: id })));
    await db
      .update(journals)
      .set({
        status: 'QUEUED',
        period: j.period,
        journal_date: j.journal_date,
        description: j.description,
        rule_set: j.rule_set,
        next_attempt_at: sql`now()`,
        locked_until: null,
        errors: [],
        last_error: null,
      })
      .where(eq(journals.id, id));
  },

  /** Wakes the posting job once the transaction has committed. */
  async notify(db: DbOrTx) {
    await notifyAfterCommit(db, POSTING_CHANNEL, ['']);
  },

  /**
   * Takes up to `limit` due journals (QUEUED and due, or SENDING whose lease ran out: a crashed attempt)
   * and leases them for `leaseSeconds`; several instances never take the same one (skip locked).
   */
  async claimDue(db: DbOrTx, limit: number, leaseSeconds: number, onlyIds?: number[]) {
    const only = onlyIds ? sql`and id = any(${sql.param(onlyIds)}::int[])` : sql``;
    const { rows } = await db.execute<{ id: number }>(sql`
      update journals set status = 'SENDING', attempts = attempts + 1,
             locked_until = now() + make_interval(secs => ${leaseSeconds})
       where id in (select id from journals
                     where ((status = 'QUEUED' and next_attempt_at <= now())
                         or (status = 'SENDING' and locked_until < now())) ${only}
                     order by next_attempt_at, id
                     for update skip locked limit ${limit})
      returning id`);
    if (!rows.length) return [];
    return db
      .select()
      .from(journals)
      .where(
        inArray(
          journals.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(journals.id));
  },

  /** The ledger took the journal: journal and invoice record its number (one transaction). */
  async recordSuccess(db: DbOrTx, j: JournalRow, journalNo: string, answer: Record<string, unknown>) {
    const now = new Date().toISOString();
    const [done] = await db
      .update(journals)
      .set({
        status: 'POSTED',
        journal_no: journalNo,
        ledger_answer: answer,
        posted_at: now,
        locked_until: null,
        errors: [],
        last_error: null,
      })
      .where(sql`${journals.id} = ${j.id} and ${journals.status} = 'SENDING'`)
      .returning({ id: journals.id });
    if (!done) return false;
    // The invoice's number: the posting result's notification names it (issue 39).
    const [inv] = await db
      .update(invoices)
      .set({
        acct_process_status: 'SUCCESS',
        journal_no: journalNo,
        posted_at: now,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.inv_id, j.inv_id))
      .returning({ invoice_no: invoices.invoice_no });
    return inv ?? { invoice_no: String(j.inv_id) };
  },

  /** The ledger refused the journal: its errors are kept and shown on the invoice; a retry is offered. */
  async recordFailure(db: DbOrTx, j: JournalRow, errors: { code: string; message: string; line?: number }[]) {
    const [done] = await db
      .update(journals)
      .set({
        status: 'FAILED',
        errors,
        last_error: errors
          .map((e) => `${e.code}: ${e.message}`)
          .join('; ')
          .slice(0, 1000),
        locked_until: null,
      })
      .where(sql`${journals.id} = ${j.id} and ${journals.status} = 'SENDING'`)
      .returning({ id: journals.id });
    if (!done) return false;
    const [inv] = await db
      .update(invoices)
      .set({ acct_process_status: 'FAILURE', version: sql`${invoices.version} + 1` })
      .where(eq(invoices.inv_id, j.inv_id))
      .returning({ invoice_no: invoices.invoice_no });
    return inv ?? { invoice_no: String(j.inv_id) };
  },

  /** The ledger could not be reached: queued again after `delaySeconds`, the invoice stays pending. */
  async scheduleRetry(db: DbOrTx, j: JournalRow, delaySeconds: number, detail: string) {
    await db
      .update(journals)
      .set({
        status: 'QUEUED',
        next_attempt_at: sql`now() + make_interval(secs => ${delaySeconds})`,
        locked_until: null,
        last_error: detail.slice(0, 1000),
      })
      .where(sql`${journals.id} = ${j.id} and ${journals.status} = 'SENDING'`);
  },

  /** A failed posting queued again by a user's retry; the invoice is pending again. */
  async markPending(db: DbOrTx, invId: number) {
    await db
      .update(invoices)
      .set({ acct_process_status: 'PENDING', version: sql`${invoices.version} + 1` })
      .where(eq(invoices.inv_id, invId));
  },

  /**
   * Posted journals' revenue and cost per period (and office): revenue = credit − debit of the CHARGE lines
   * of receivable journals, cost = debit − credit of the CHARGE lines of payable journals (base currency).
   */
  async postedTotals(db: DbOrTx, o: { from: string; to: string; office?: string }) {
    const office = o.office ? sql`and j.office_code = ${o.office}` : sql``;
    const { rows } = await db.execute<{
      period: string;
      revenue: string;
      cost: string;
      journals: number;
    }>(sql`
      select j.period,
             coalesce(sum(case when j.inv_type = 'AR' then l.credit - l.debit end), 0)::text as revenue,
             coalesce(sum(case when j.inv_type = 'AP' then l.debit - l.credit end), 0)::text as cost,
             count(distinct j.id)::int as journals
        from journals j join journal_lines l on l.journal_id = j.id and l.role = 'CHARGE'
       where j.status = 'POSTED' and j.period between ${o.from} and ${o.to} ${office}
       group by j.period
       order by j.period`);
    return rows;
  },

  async pendingAutoExport(db: DbOrTx, limit: number) {
    const { rows } = await db.execute<{ inv_id: number; invoice_no: string; version: number }>(sql`
      select inv_id, invoice_no, version from invoices where status = 'PENDING_AUTO_EXPORT'
       order by status_changed_at, inv_id limit ${limit}`);
    return rows;
  },

  /**
   * The posting screen's list: `postable` = Imported and Imported (Reversal); `failed` / `pending` = posted
   * whose ledger posting failed / waits. Up to `limit` rows in invoice# order; `q`: invoice# or account code
   * prefix. Read over the posting queue's partial indexes (invoice.tables.ts `invoices_posting_queue_*`, in
   * byte order: the database collation C.UTF-8 turns no LIKE prefix into a range): the page is an ordered walk
   * of the queue's own rows, a prefix a range of one of them (issue 40: the walk of every invoice by number
   * took 1.1-2 s at 2,000,000 invoices with a prefix). C.UTF-8 orders by code point, which is UTF-8's byte order,
   * so the order is the one the screen showed before.
   */
  async queue(db: DbOrTx, o: PostingQueueFilter) {
    const ids = postingQueueIds(o);
    const { rows } = await db.execute<{
      inv_id: number;
      invoice_no: string;
      inv_type: string;
      kind: string;
      status: string;
      account_code: string;
      office_code: string;
      currency: string;
      total_amount: string;
      base_total_amount: string;
      invoice_date: string | null;
      acct_process_status: string;
      journal_no: string | null;
      version: number;
    }>(sql`
      select i.inv_id, i.invoice_no, i.inv_type, i.kind, i.status, i.account_code, i.office_code, i.currency,
             i.total_amount::text as total_amount, i.base_total_amount::text as base_total_amount,
             i.invoice_date::text as invoice_date, i.acct_process_status, i.journal_no, i.version
        from invoices i where i.inv_id in (${ids})
       order by (i.invoice_no collate "C")`);
    return rows;
  },

  /** Seed only: an invoice recorded as posted without a ledger call (demo history). */
  async markSeedPosted(db: DbOrTx, invId: number, status: string, journalNo: string, postedAt: string) {
    // An invoice already past posting (reversed, closed) keeps its status; the rest become posted.
    await db.execute(sql`
      update invoices set acct_process_status = 'SUCCESS', journal_no = ${journalNo}, posted_at = ${postedAt},
             status = case when status in ('POSTED', 'REVERSED', 'POST_REVERSED', 'CLOSED') then status else ${status} end,
             status_changed_at = case when status in ('POSTED', 'REVERSED', 'POST_REVERSED', 'CLOSED')
                                      then status_changed_at else ${postedAt}::timestamptz end
       where inv_id = ${invId}`);
  },
};
