import {
  INVOICE_ACTIONS,
  INVOICE_MSG,
  INVOICE_POSTING_AUDIENCE,
  INVOICE_READ_FUNC,
  isExternalProfile,
  journalReference,
  money,
  PERIOD_MSG,
  POSTING_MSG,
  POSTING_QUEUE_LIMIT,
  periodKindOfInvoice,
  type TInvoiceType,
  type TJournal,
  type TJournalKind,
  type TPostBatchResponse,
  type TPostingQueueQuery,
  type TPostingQueueRow,
  type TPostingState,
  type TReadiness,
  type TReadinessIssue,
} from '@portal/contracts';
import { loadConfig } from '../../config';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error';
import { notifyInvoice } from '../../platform/notify/notify';
import {
  assertCanRead,
  type InvoiceRow,
  invoiceService,
  moveInvoicesInBulk,
  runInvoiceChangeHooks,
} from '../invoice';
import type { LedgerClient } from '../ledger';
import { periodOpen } from '../period';
import { type JournalRow, accountingRepository as repo } from './accounting.repository';
import {
  buildPosting,
  contexts,
  journalKindOf,
  POSTABLE,
  POSTED_STATUS,
  readinessOf,
  references,
} from './accounting-readiness';
import type { BuiltJournal } from './journal-builder';

/** Read access of every invoice (404 for unknown ids is answered per row by the callers). */
function canRead(actor: Actor, row: InvoiceRow) {
  return (
    !isExternalProfile(actor.profile_type) && actor.funcs.has(INVOICE_READ_FUNC[row.inv_type as TInvoiceType])
  );
}

/**
 * The `post` / `post_reversal` move's check and side effect (registered on the invoice module's move): inside
 * the move's transaction, with the invoice row locked. Not ready → 422 msgPostingMissingData naming each
 * item (a closed period alone → 409 msgAccountLockedForClosing); ready → the journal is stored QUEUED with
 * its idempotent reference and the job is woken at commit. Nothing is half-done: any refusal rolls back.
 */
export async function queuePosting(
  tx: DbOrTx,
  actor: Actor,
  row: InvoiceRow,
  kind: TJournalKind,
): Promise<{ acct_process_status: 'NA' | 'PENDING' }> {
  const [{ readiness, result }] = await readinessOf(tx, [row]);
  const issues = readiness.issues.filter((i) => i.item !== 'status');
  if (issues.length && issues.every((i) => i.item === 'period'))
    throw new AppError(409, PERIOD_MSG.accountLockedForClosing, { params: issues[0].params });
  if (issues.length || !result.ok) throw notReadyError(issues);
  if (await repo.journalOf(tx, row.inv_id, kind)) throw new AppError(409, POSTING_MSG.alreadyPosted);
  // Nothing to post (every amount rounds to zero in its currency): posted without a journal, nothing is
  // sent to the ledger (docs/accounting.md "Zero invoices").
  if (isEmptyJournal(result.journal)) return { acct_process_status: 'NA' };
  await repo.insertJournal(tx, result.journal, {
    inv_id: row.inv_id,
    inv_type: row.inv_type,
    office_code: row.office_code,
    status: 'QUEUED',
    created_by: actorName(actor),
  });
  await repo.notify(tx);
  return { acct_process_status: 'PENDING' };
}

/** A journal without lines: an invoice whose amounts all round to zero has nothing for the ledger. */
export const isEmptyJournal = (j: BuiltJournal) => j.lines.length === 0;

/** A status item with no fix link (a refusal that is not a checklist item). */
const statusIssue = (msgKey: string, params?: TReadinessIssue['params']): TReadinessIssue => ({
  item: 'status',
  msgKey,
  ...(params ? { params } : {}),
  fix_path: null,
});

/** An id the batch could not take at all (unknown, unreadable, no right to the move). */
const refusedAs = (invId: number, invoiceNo: string, msgKey: string): TReadiness => ({
  inv_id: invId,
  invoice_no: invoiceNo,
  action: null,
  ready: false,
  issues: [statusIssue(msgKey)],
});

/** A ready invoice refused inside its move (changed since it was read, or refused by a check there). */
function refusalOf(r: TReadiness, e: unknown): TReadiness {
  const err = e instanceof AppError ? e : null;
  return {
    ...r,
    ready: false,
    issues: err?.extra.details?.length
      ? err.extra.details.map((d) => ({
          item: d.field as TReadinessIssue['item'],
          msgKey: d.msgKey,
          params: d.params,
          fix_path: null,
        }))
      : [statusIssue(err?.msgKey ?? 'msgStatusUpdateFailed', err?.extra.params as TReadinessIssue['params'])],
  };
}

const notReadyError = (issues: TReadinessIssue[]) =>
  new AppError(422, POSTING_MSG.missingData, {
    params: { count: issues.length },
    details: issues.map((i) => ({
      field: i.item,
      msgKey: i.msgKey,
      ...(i.params ? { params: i.params } : {}),
    })),
  });

const presentJournal = (
  j: JournalRow & { lines: Awaited<ReturnType<typeof repo.journalLines>> },
): TJournal => ({
  id: j.id,
  kind: j.kind as TJournalKind,
  reference: j.reference,
  rule_set: j.rule_set,
  period: j.period,
  journal_date: j.journal_date,
  status: j.status,
  journal_no: j.journal_no,
  attempts: j.attempts,
  next_attempt_at: j.status === 'QUEUED' ? j.next_attempt_at : null,
  last_error: j.last_error,
  errors: j.errors ?? [],
  posted_at: j.posted_at,
  created_at: j.created_at,
  lines: j.lines.map((l) => ({
    line_no: l.line_no,
    role: l.role,
    account: l.account,
    debit: l.debit,
    credit: l.credit,
    currency: l.currency,
    amount_txn: l.amount_txn,
    rate: l.rate,
    description: l.description,
    charge_code: l.charge_code,
    job_no: l.job_no,
  })),
});

/**
 * Journals of a round sent to the ledger side by side: the ledger answers each in a few ms, and one at a time
 * the posting leg waited on every round trip and commit in turn (24 journals/s in the 2026-11-23 bench).
 */
export const POST_CONCURRENCY = 4;

/** Seconds before the n-th retry of an unreachable ledger: 30 s doubling, at most 30 min. */
export const retryDelaySeconds = (attempts: number) => Math.min(1800, 30 * 2 ** Math.max(0, attempts - 1));

export interface ProcessOptions {
  limit?: number;
  leaseSeconds?: number;
  log?: (m: string) => void;
  /** Journals in flight to the ledger at once (default POST_CONCURRENCY). */
  concurrency?: number;
  /** Tests: only these journals. */
  onlyIds?: number[];
  /** Tests: called after the ledger answered and before our commit (a throw simulates a crash there). */
  beforeCommit?: (j: JournalRow, journalNo: string) => void | Promise<void>;
}

export const accountingService = {
  readinessOf,

  async readiness(db: Db, actor: Actor, invId: number): Promise<TReadiness> {
    const [row] = await repo.invoicesByIds(db, [invId]);
    if (!row) throw notFound();
    assertCanRead(actor, row.inv_type);
    return (await readinessOf(db, [row]))[0].readiness;
  },

  /** Checklists of a list page's invoices; ids the caller may not read or that do not exist are left out. */
  async readinessBatch(db: Db, actor: Actor, ids: number[]): Promise<TReadiness[]> {
    if (isExternalProfile(actor.profile_type)) throw forbidden();
    const rows = (await repo.invoicesByIds(db, [...new Set(ids)])).filter((r) => canRead(actor, r));
    return (await readinessOf(db, rows)).map((r) => r.readiness);
  },

  /** The posting screen's list with each row's checklist (inv_closing; only the sides the user reads). */
  async queue(db: Db, actor: Actor, q: TPostingQueueQuery): Promise<TPostingQueueRow[]> {
    if (isExternalProfile(actor.profile_type)) throw forbidden();
    const sides = (['AR', 'AP'] as const).filter((t) => actor.funcs.has(INVOICE_READ_FUNC[t]));
    if (q.inv_type && !sides.includes(q.inv_type)) throw forbidden();
    const invType = q.inv_type ?? (sides.length === 1 ? sides[0] : undefined);
    if (!sides.length) throw forbidden();
    const list = await repo.queue(db, {
      view: q.view ?? 'postable',
      invType,
      q: q.q,
      limit: POSTING_QUEUE_LIMIT,
    });
    const full = await repo.invoicesByIds(
      db,
      list.map((r) => r.inv_id),
    );
    const checked = new Map((await readinessOf(db, full)).map((r) => [r.readiness.inv_id, r.readiness]));
    return list.flatMap((r) => {
      const readiness = checked.get(r.inv_id);
      return readiness ? [{ ...r, readiness }] : [];
    });
  },

  /** The posting rules with the tax accounts and the rounding account (the closing screen's reference). */
  async rules(db: Db) {
    const [rules, taxes, rounding] = await Promise.all([
      repo.rules(db),
      repo.taxAccounts(db),
      repo.account(db, 'ROUNDING'),
    ]);
    return { rules, tax_accounts: taxes, rounding_account: rounding ?? '' };
  },

  /** The invoice's posting panel: checklist, process status, journals with the ledger's answers. */
  async state(db: Db, actor: Actor, invId: number): Promise<TPostingState> {
    const [row] = await repo.invoicesByIds(db, [invId]);
    if (!row) throw notFound();
    assertCanRead(actor, row.inv_type);
    const [[{ readiness }], journals] = await Promise.all([
      readinessOf(db, [row]),
      repo.journalsOfInvoice(db, invId),
    ]);
    const latest = journals.at(-1);
    return {
      readiness,
      acct_process_status: row.acct_process_status,
      journal_no: row.journal_no,
      posted_at: row.posted_at,
      // Refused by the ledger, or marked failed without a journal of ours (imported history): retry builds it.
      can_retry:
        latest?.status === 'FAILED' ||
        (row.acct_process_status === 'FAILURE' && !journals.some((j) => j.kind === journalKindOf(row))),
      journals: journals.map(presentJournal),
    };
  },

  /**
   * Batch post (issue 15), set-wise: the checklists of the whole batch in one pass (a fixed number of queries,
   * whatever its size), then every ready invoice moved and its journal queued in ONE transaction of a few
   * statements (invoice module `moveInvoicesInBulk`: version-checked row locks, status, history, search index,
   * change hooks; journals and lines inserted in bulk). Invoices changed since they were read (another user, a
   * concurrent batch) are left out of the move and answered with their checklist. Should the bulk transaction
   * fail for anything unforeseen, it rolls back whole and the ready invoices go one by one through the invoice
   * move as before, so one bad invoice never stops the rest. Up to POSTING_BATCH_MAX ids.
   */
  async postBatch(db: Db, actor: Actor, ids: number[]): Promise<TPostBatchResponse> {
    if (isExternalProfile(actor.profile_type) || !actor.funcs.has('inv_closing')) throw forbidden();
    const unique = [...new Set(ids)];
    const rows = await repo.invoicesByIds(db, unique);
    const found = new Map(rows.map((r) => [r.inv_id, r]));
    const readable = rows.filter((r) => canRead(actor, r));
    const [checks, journalled] = await Promise.all([
      readinessOf(db, readable),
      repo.journalKindsOf(
        db,
        readable.map((r) => r.inv_id),
      ),
    ]);
    const checked = new Map(checks.map((c) => [c.readiness.inv_id, c]));
    const notReady: TReadiness[] = [];
    const ready: { row: InvoiceRow; readiness: TReadiness; journal: BuiltJournal; kind: TJournalKind }[] = [];
    for (const id of unique) {
      const row = found.get(id);
      const c = checked.get(id);
      if (!row || !c) {
        notReady.push(
          refusedAs(id, row?.invoice_no ?? String(id), row ? 'msgNoPermission' : 'msgNoRecordFound'),
        );
        continue;
      }
      const kind = c.readiness.action;
      if (!c.readiness.ready || !kind || !c.result.ok) {
        notReady.push(c.readiness);
        continue;
      }
      if (!actor.funcs.has(INVOICE_ACTIONS[kind].funcId)) {
        notReady.push(refusedAs(id, row.invoice_no, 'msgNoPermission'));
        continue;
      }
      // Idempotent journals: an invoice that already has its journal of this kind is never queued twice.
      if (journalled.has(`${id}|${kind}`)) {
        notReady.push({ ...c.readiness, ready: false, issues: [statusIssue(POSTING_MSG.alreadyPosted)] });
        continue;
      }
      ready.push({ row, readiness: c.readiness, journal: c.result.journal, kind });
    }
    let posted: TPostBatchResponse['posted'];
    try {
      posted = await db.transaction(async (tx) => {
        const moves = {
          [POSTABLE.post]: POSTED_STATUS.post,
          [POSTABLE.post_reversal]: POSTED_STATUS.post_reversal,
        };
        const items = (empty: boolean) =>
          ready
            .filter((r) => isEmptyJournal(r.journal) === empty)
            .map((r) => ({ inv_id: r.row.inv_id, version: r.row.version }));
        // Invoices with nothing to post move without a journal (process status NA), as the single move does.
        const moved = [
          ...(await moveInvoicesInBulk(tx, actor, {
            action: 'post',
            items: items(false),
            moves,
            acctProcessStatus: 'PENDING',
          })),
          ...(await moveInvoicesInBulk(tx, actor, {
            action: 'post',
            items: items(true),
            moves,
            acctProcessStatus: 'NA',
          })),
        ];
        const movedIds = new Set(moved.map((m) => m.inv_id));
        const went = ready.filter((r) => movedIds.has(r.row.inv_id) && !isEmptyJournal(r.journal));
        await repo.insertQueuedJournals(
          tx,
          went.map((r) => ({
            journal: r.journal,
            inv_id: r.row.inv_id,
            inv_type: r.row.inv_type,
            office_code: r.row.office_code,
          })),
          actorName(actor),
        );
        if (went.length) await repo.notify(tx);
        for (const r of ready)
          if (!movedIds.has(r.row.inv_id))
            notReady.push({
              ...r.readiness,
              ready: false,
              issues: [statusIssue(INVOICE_MSG.changeNotSaved)],
            });
        return ready
          .filter((r) => movedIds.has(r.row.inv_id))
          .map((r) => ({
            inv_id: r.row.inv_id,
            invoice_no: r.row.invoice_no,
            journal_reference: r.journal.reference,
          }));
      });
    } catch {
      // Rolled back whole: the ready ones one by one, each in its own move transaction (the slow, sure path).
      posted = [];
      for (const r of ready) {
        try {
          await invoiceService.act(db, actor, r.row.inv_id, { action: r.kind, version: r.row.version });
          posted.push({
            inv_id: r.row.inv_id,
            invoice_no: r.row.invoice_no,
            journal_reference: journalReference(r.row.invoice_no, r.kind),
          });
        } catch (e) {
          notReady.push(refusalOf(r.readiness, e));
        }
      }
    }
    return { posted, not_ready: notReady };
  },

  /**
   * Retry of a failed posting (the ledger refused it): the checklist again, the journal rebuilt from today's
   * data under the same reference (the ledger refused it, so nothing is stored under it) and queued.
   */
  async retry(db: Db, actor: Actor, invId: number) {
    if (!actor.funcs.has('inv_closing')) throw forbidden();
    return db.transaction(async (tx) => {
      const [row] = await repo.invoicesByIds(tx, [invId], true);
      if (!row) throw notFound();
      assertCanRead(actor, row.inv_type);
      const kind = journalKindOf(row);
      const journal = await repo.journalOf(tx, invId, kind);
      // A failed posting without a journal of ours (data from before, imported history) is built afresh.
      const orphan = !journal && row.acct_process_status === 'FAILURE' && row.status === POSTED_STATUS[kind];
      if (journal?.status !== 'FAILED' && !orphan) throw new AppError(409, POSTING_MSG.notFailed);
      const refs = await references(tx);
      const [c] = await contexts(tx, [row]);
      const result = buildPosting(c, kind, refs);
      const issues = result.ok ? [] : result.issues;
      if (
        row.invoice_date &&
        !(await periodOpen(tx, row.office_code, row.invoice_date.slice(0, 7), periodKindOfInvoice(row.kind)))
      )
        throw new AppError(409, PERIOD_MSG.accountLockedForClosing, {
          params: { period: row.invoice_date.slice(0, 7), office: row.office_code },
        });
      if (!result.ok) throw notReadyError(issues);
      if (journal) await repo.requeueRebuilt(tx, journal.id, result.journal);
      else
        await repo.insertJournal(tx, result.journal, {
          inv_id: row.inv_id,
          inv_type: row.inv_type,
          office_code: row.office_code,
          status: 'QUEUED',
          created_by: actorName(actor),
        });
      await repo.markPending(tx, invId);
      await runInvoiceChangeHooks(tx, [invId]);
      await repo.notify(tx);
      return { inv_id: invId, reference: result.journal.reference };
    });
  },

  /**
   * The posting job's work: takes due journals and sends each to the ledger. A retry (attempt > 1: the
   * previous one may have reached the ledger before a crash) asks the ledger for the reference first and
   * records the journal it already has. Accepted → POSTED/SUCCESS with the journal no.; refused → FAILED/
   * FAILURE with the ledger's errors; unreachable → queued again with a growing delay (invoice stays PENDING).
   */
  async processDue(db: Db, client: LedgerClient, o: ProcessOptions = {}) {
    const log = o.log ?? (() => {});
    const claimed = await repo.claimDue(db, o.limit ?? 50, o.leaseSeconds ?? 300, o.onlyIds);
    const counts = { posted: 0, failed: 0, retry: 0 };
    const base = loadConfig().invoice.baseCurrency;
    // The round's lines in one query; then up to `concurrency` journals in flight to the ledger (each journal
    // still sent whole and its answer recorded in its own transaction, so a crash loses at most the answers in
    // flight, which the next attempt finds by reference).
    const linesOf = await repo.linesOfJournals(
      db,
      claimed.map((j) => j.id),
    );
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < claimed.length; i = next++) await one(claimed[i]);
    };
    const one = async (j: JournalRow) => {
      const lines = linesOf.get(j.id) ?? [];
      let outcome:
        | { ok: true; journalNo: string; replay: boolean; found?: boolean }
        | { ok: false; kind: 'rejected'; errors: { code: string; message: string; line?: number }[] }
        | { ok: false; kind: 'unavailable'; detail: string };
      const found = j.attempts > 1 ? await client.find(j.reference) : null;
      if (found === 'unavailable')
        outcome = { ok: false, kind: 'unavailable', detail: 'ledger unavailable (find)' };
      else if (found) outcome = { ok: true, journalNo: found.journalNo, replay: true, found: true };
      else
        outcome = await client.post({
          reference: j.reference,
          period: j.period,
          journalDate: j.journal_date,
          description: j.description,
          // numeric(18, 4) answers 4 decimals: sent in each currency's minor units, as built.
          lines: lines.map((l) => ({
            account: l.account,
            debit: money.round(l.debit, base),
            credit: money.round(l.credit, base),
            currency: l.currency,
            amountTxn: money.round(l.amount_txn, l.currency),
            rate: l.rate,
            description: l.description,
          })),
        });
      if (outcome.ok) {
        const journalNo = outcome.journalNo;
        const answer = { journal_no: journalNo, replay: outcome.replay, found: outcome.found ?? false };
        try {
          await db.transaction(async (tx) => {
            await o.beforeCommit?.(j, journalNo);
            // The figures derived from invoices (finance dashboard's posted this period, GP on the posted
            // basis) follow the posting's outcome in the same transaction, as every invoice write does.
            const inv = await repo.recordSuccess(tx, j, journalNo, answer);
            if (inv) {
              await runInvoiceChangeHooks(tx, [j.inv_id]);
              // Finance, the creator and followers hear of the ledger's answer (issue 39), in this transaction.
              await notifyInvoice(tx, 'INVOICE_POSTED', { ...j, ...inv }, INVOICE_POSTING_AUDIENCE, null);
            }
          });
          counts.posted++;
          log(`journal ${j.reference} posted as ${journalNo}${outcome.replay ? ' (replay)' : ''}`);
        } catch (e) {
          // Our commit failed after the ledger took it: the lease runs out and the next attempt finds it.
          log(
            `journal ${j.reference}: ledger took it as ${journalNo} but recording failed: ${(e as Error).message}`,
          );
        }
      } else if (outcome.kind === 'rejected') {
        await db.transaction(async (tx) => {
          const inv = await repo.recordFailure(tx, j, outcome.errors);
          if (inv) {
            await runInvoiceChangeHooks(tx, [j.inv_id]);
            await notifyInvoice(
              tx,
              'INVOICE_POSTING_FAILED',
              { ...j, ...inv },
              INVOICE_POSTING_AUDIENCE,
              null,
            );
          }
        });
        counts.failed++;
        log(`journal ${j.reference} refused: ${outcome.errors.map((e) => e.code).join(', ')}`);
      } else {
        const delay = retryDelaySeconds(j.attempts);
        await repo.scheduleRetry(db, j, delay, outcome.detail);
        counts.retry++;
        log(`journal ${j.reference}: ledger unavailable (${outcome.detail}), retry in ${delay} s`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? POST_CONCURRENCY) }, worker));
    return { claimed: claimed.length, ...counts };
  },

  /** Revenue and cost of the posted journals per period (for the GP reports' reconciliation). */
  postedJournalTotals(db: DbOrTx, o: { from: string; to: string; office?: string }) {
    return repo.postedTotals(db, { from: o.from.slice(0, 7), to: o.to.slice(0, 7), office: o.office });
  },

  /**
   * Seed only (demo history, modules/gp-report): builds each invoice's journal with the posting rules and
   * stores it as posted under a DEMO- journal no.: status Posted (Post Reversed for the reversal group),
   * process status SUCCESS, posted_at = the invoice date. No ledger call, no readiness check beyond the
   * journal's own (a party without a sun A/C code posts under its party code). Answers the ids recorded.
   */
  async recordPostedForSeed(db: DbOrTx, invIds: number[]) {
    const done: number[] = [];
    if (!invIds.length) return done;
    const refs = await references(db);
    for (let i = 0; i < invIds.length; i += 500) {
      const rows = await repo.invoicesByIds(db, invIds.slice(i, i + 500));
      for (const c of await contexts(db, rows)) {
        const kind = journalKindOf(c.row);
        if (await repo.journalOf(db, c.row.inv_id, kind)) continue;
        const result = buildPosting(c, kind, refs, true);
        if (!result.ok || isEmptyJournal(result.journal)) continue;
        const postedAt = `${result.journal.journal_date}T10:00:00.000Z`;
        const journalNo = `DEMO-${String(c.row.inv_id).padStart(8, '0')}`;
        await repo.insertJournal(db, result.journal, {
          inv_id: c.row.inv_id,
          inv_type: c.row.inv_type,
          office_code: c.row.office_code,
          status: 'POSTED',
          journal_no: journalNo,
          posted_at: postedAt,
          created_by: 'seed',
        });
        await repo.markSeedPosted(
          db,
          c.row.inv_id,
          kind === 'post' ? 'POSTED' : 'POST_REVERSED',
          journalNo,
          postedAt,
        );
        done.push(c.row.inv_id);
      }
    }
    // Their derived figures (GP, finance) follow at once: the posting time is backdated and updated_at kept,
    // so no sweep would see this change (it reads the invoices changed in the last minutes by either clock).
    await runInvoiceChangeHooks(db, done);
    return done;
  },
};
