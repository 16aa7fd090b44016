import {
  INVOICE_ACTION_EVENT,
  INVOICE_BATCH_MSG,
  INVOICE_MSG,
  invoiceTotals,
  money,
  type TFieldError,
  type TInvoiceAction,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import { historyActor } from '../../platform/audit/versioned-record';
import type { DbOrTx } from '../../platform/db/client';
import { AppError, unprocessable } from '../../platform/errors/app-error';
import { notifyInvoice } from '../../platform/notify/notify';
import { allocateNumber } from '../sequence';
import { type InvoiceInsert, type InvoiceRow, invoiceRepository as repo } from './invoice.repository';
import { invoiceBatchRepository as batchRepo } from './invoice-batch.repository';
import { createExportBatch } from './invoice-export.service';
import { runInvoiceImportChecks } from './invoice-step-checks';

const ENTITY = 'invoice';
const neg = (v: string) => money.mul(v, -1);

/** Header fields a generated invoice (reversal, inter-account DN) copies from its source. */
function copyHeader(src: InvoiceRow): Omit<InvoiceInsert, 'invoice_no' | 'status'> {
  return {
    inv_type: src.inv_type,
    kind: src.kind,
    account_code: src.account_code,
    party_id: src.party_id,
    issue_party_id: src.issue_party_id,
    hbl_no: src.hbl_no,
    mbl_no: src.mbl_no,
    office_code: src.office_code,
    is_overseas: src.is_overseas,
    sales_code: src.sales_code,
    currency: src.currency,
    base_currency: src.base_currency,
    exchange_rate: src.exchange_rate,
    net_amount: src.net_amount,
    tax_amount: src.tax_amount,
    total_amount: src.total_amount,
    base_total_amount: src.base_total_amount,
    outstanding_amount: src.total_amount,
    sub_type: src.sub_type,
    with_credit_term: src.with_credit_term,
    tax_rate_code: src.tax_rate_code,
    company_id: src.company_id,
    tax_invoice_emails: src.tax_invoice_emails,
  };
}

/** Copies jobs and lines of `src` to `to` (lines' DR/CR flipped for a reversal), with the search text. */
async function copyChildren(tx: DbOrTx, src: InvoiceRow, to: number, flip: boolean) {
  const [jobs, lines] = await Promise.all([repo.jobs(tx, src.inv_id), repo.lines(tx, src.inv_id)]);
  await repo.replaceChildren(tx, to, {
    jobs: jobs.map((j) => ({ job_no: j.job_no, so_no: j.so_no })),
    lines: lines.map(({ id: _id, inv_id: _inv, settled_amount: _s, ...l }) => ({
      ...l,
      dr_cr: flip ? (l.dr_cr === 'DR' ? 'CR' : 'DR') : l.dr_cr,
      outstanding_amount: l.total_amount,
    })),
    cheque: null,
  });
  return jobs;
}

/**
 * The reversal invoice of a posted invoice (002 §4 reversal group): same lines with DR/CR swapped (so every
 * amount is negated), number = the original's + "R", in New (Reversal), linked to the original.
 */
async function createReversal(tx: DbOrTx, actor: Actor, src: InvoiceRow): Promise<number> {
  const by = actorName(actor);
  const no = `${src.invoice_no}R`;
  const row = await repo.insert(tx, {
    ...copyHeader(src),
    net_amount: neg(src.net_amount),
    tax_amount: neg(src.tax_amount),
    total_amount: neg(src.total_amount),
    base_total_amount: neg(src.base_total_amount),
    outstanding_amount: neg(src.total_amount),
    invoice_no: no,
    status: 'NEW_REVERSAL',
    invoice_date: new Date().toISOString().slice(0, 10),
    remarks: `Reversal of ${src.invoice_no}`,
    search_text: `${no} ${src.search_text}`.toLowerCase(),
    created_by: by,
    updated_by: by,
  });
  await copyChildren(tx, src, row.inv_id, true);
  await batchRepo.insertLink(tx, 'REVERSAL', src.inv_id, row.inv_id);
  await recordHistory(tx, {
    entityType: ENTITY,
    entityId: row.inv_id,
    action: 'create_reversal',
    toStatus: 'NEW_REVERSAL',
    reason: src.invoice_no,
    actor: historyActor(actor),
  });
  return row.inv_id;
}

/**
 * The inter-account debit note of an inter-account invoice (002 §4): an AR DN on the same job to the same
 * account, in New, linked to its source; one per invoice, never with several jobs.
 *
 * The sign rule (docs/invoices.md "Inter-account debit note"): a debit note bills the other account for the
 * source's cost, so its total is |source total|, never negative. The lines keep their charge, unit price,
 * quantity, tax-inclusive flag, tax code and rate; their DR/CR is kept when the source's lines net to zero
 * or more and swapped on every line when they net below zero (a payable whose cost was keyed on the credit
 * side, e.g. one CR line of 795.00, bills DR 795.00; a CR rebate among DR charges stays a CR line of the
 * DN, which then bills the net cost). Currency and exchange rate are the source's (the cost as it was
 * booked), so the DN's base amount is the source's in absolute value. Every amount is recomputed from the
 * lines with the one rounding rule (`invoiceTotals`), not copied.
 */
export async function createInterAccountDn(tx: DbOrTx, actor: Actor, src: InvoiceRow): Promise<number> {
  if (!src.is_inter_account) throw unprocessable(INVOICE_BATCH_MSG.interAccountNotFlagged);
  const jobs = await repo.jobs(tx, src.inv_id);
  if (new Set(jobs.map((j) => j.job_no)).size !== 1)
    throw unprocessable(INVOICE_BATCH_MSG.interAccountMultipleJobs);
  const existing = await batchRepo.linkFrom(tx, 'INTER_ACCOUNT_DN', src.inv_id);
  if (existing) throw new AppError(409, INVOICE_BATCH_MSG.interAccountExists);
  // The DN carries the source's invoice date: not into a closed month.
  await assertInvoicePeriodsOpen(tx, [src.inv_id]);
  const srcLines = await repo.lines(tx, src.inv_id);
  const asIs = (l: (typeof srcLines)[number]) => ({
    ...l,
    dr_cr: l.dr_cr as 'DR' | 'CR',
    tax_rate: l.tax_rate ?? '0',
  });
  const srcTotals = invoiceTotals(srcLines.map(asIs), src.currency, src.exchange_rate, src.base_currency);
  const flip = money.compare(srcTotals.total_amount, '0') < 0;
  const lines = srcLines.map((l) => ({
    ...asIs(l),
    dr_cr: (flip ? (l.dr_cr === 'DR' ? 'CR' : 'DR') : l.dr_cr) as 'DR' | 'CR',
  }));
  const totals = invoiceTotals(lines, src.currency, src.exchange_rate, src.base_currency);
  const by = actorName(actor);
  const { number } = await allocateNumber(tx, {
    docType: 'INVOICE_AR',
    officeCode: src.office_code,
    inUse: (n) => repo.numberInUse(tx, n),
  });
  const row = await repo.insert(tx, {
    ...copyHeader(src),
    inv_type: 'AR',
    kind: 'DN',
    net_amount: totals.net_amount,
    tax_amount: totals.tax_amount,
    total_amount: totals.total_amount,
    base_total_amount: totals.base_total_amount,
    outstanding_amount: totals.total_amount,
    invoice_no: number,
    status: 'NEW',
    is_inter_account: true,
    invoice_date: src.invoice_date,
    remarks: `Inter-account DN of ${src.invoice_no}`,
    search_text: `${number} ${src.search_text.replace(src.invoice_no.toLowerCase(), '')}`.toLowerCase(),
    created_by: by,
    updated_by: by,
  });
  await repo.replaceChildren(tx, row.inv_id, {
    jobs: jobs.map((j) => ({ job_no: j.job_no, so_no: j.so_no })),
    lines: lines.map(({ id: _id, inv_id: _inv, settled_amount: _s, ...l }, i) => ({
      ...l,
      amount: totals.lines[i].amount,
      tax_amount: totals.lines[i].tax_amount,
      total_amount: totals.lines[i].total_amount,
      outstanding_amount: totals.lines[i].total_amount,
    })),
    cheque: null,
  });
  await batchRepo.insertLink(tx, 'INTER_ACCOUNT_DN', src.inv_id, row.inv_id);
  for (const [id, action] of [
    [row.inv_id, 'create_inter_account_dn'],
    [src.inv_id, 'inter_account_dn'],
  ] as const)
    await recordHistory(tx, {
      entityType: ENTITY,
      entityId: id,
      action,
      toStatus: id === row.inv_id ? 'NEW' : src.status,
      fromStatus: id === row.inv_id ? null : src.status,
      reason: id === row.inv_id ? src.invoice_no : number,
      actor: historyActor(actor),
    });
  return row.inv_id;
}

/**
 * The closed-period guard (issue 38 "a closed period refuses every write into it"): registered by period
 * close (modules/period), which this module never imports. Throws 409 `msgAccountLockedForClosing` when an
 * invoice's month (invoice date, else creation) of its office and side is closed.
 */
export type InvoicePeriodGuard = (tx: DbOrTx, invIds: readonly number[]) => Promise<void>;
let periodGuard: InvoicePeriodGuard | null = null;
export function registerInvoicePeriodGuard(guard: InvoicePeriodGuard) {
  periodGuard = guard;
}
export async function assertInvoicePeriodsOpen(tx: DbOrTx, invIds: readonly number[]) {
  if (periodGuard && invIds.length) await periodGuard(tx, invIds);
}
/**
 * Moves allowed on an invoice of a closed month: the close itself, posting and its reversal (the ledger
 * answers with its own `msgPostingPeriodClosed`), and `reverse`, whose reversal invoice is dated today (the
 * correction of a closed month is booked in the open one). Every other move writes into the month: refused.
 */
const MOVES_INTO_CLOSED_PERIOD: ReadonlySet<TInvoiceAction> = new Set([
  'close',
  'post',
  'post_reversal',
  'reverse',
]);

/**
 * Moves whose checks and side effects live in another module (issue 15: modules/accounting registers post,
 * post_reversal; it imports this module, so it hooks in here instead of being imported: no module cycle).
 * `before` runs inside the move's transaction before the status is written and may refuse (throw) or add
 * values; `after` runs after it, in the same transaction.
 */
export interface InvoiceMoveHook {
  before?(tx: DbOrTx, actor: Actor, row: InvoiceRow): Promise<Partial<InvoiceInsert>>;
  after?(tx: DbOrTx, actor: Actor, before: InvoiceRow, after: InvoiceRow): Promise<number[]>;
}
const moveHooks = new Map<TInvoiceAction, InvoiceMoveHook>();
/** Whether a module writes after this move (then the moved invoice may differ from the row the move wrote). */
export const hasAfterMoveHook = (action: TInvoiceAction) => moveHooks.get(action)?.after !== undefined;
export function registerInvoiceMoveHook(action: TInvoiceAction, hook: InvoiceMoveHook) {
  moveHooks.set(action, hook);
}

/**
 * Checks and extra values of a move, before its status is written (inside the move's transaction):
 * import needs the government invoice no. and invoice date (002 §5 "where the flow needs them"); a single
 * export writes the invoice's journal file and names it in `export_file`.
 */
export async function beforeMove(
  tx: DbOrTx,
  actor: Actor,
  row: InvoiceRow,
  action: TInvoiceAction,
): Promise<Partial<InvoiceInsert>> {
  if (!MOVES_INTO_CLOSED_PERIOD.has(action)) await assertInvoicePeriodsOpen(tx, [row.inv_id]);
  if (action === 'import' || action === 'import_reversal') {
    const details: TFieldError[] = [];
    if (!row.gov_invoice_no) details.push({ field: 'gov_invoice_no', msgKey: 'msgFieldRequired' });
    if (!row.invoice_date) details.push({ field: 'invoice_date', msgKey: 'msgFieldRequired' });
    if (details.length) throw unprocessable(INVOICE_MSG.requiredForStep, details);
    // Registered import checks (period close: not into a closed month), as Import Document runs them.
    await runInvoiceImportChecks(tx, { actor, invIds: [row.inv_id] });
  }
  // A single invoice's close (002 §4 close move; issue 15): closed flag and close period = the month of its
  // invoice date (of its creation when it has none), as the period close (modules/period) sets them in bulk.
  if (action === 'close')
    return { is_closed: true, close_period: (row.invoice_date ?? row.created_at).slice(0, 7) };
  // The scheduled auto export (issue 15) writes its journal file as a single export does.
  if (action === 'export' || action === 'export_reversal' || action === 'auto_export') {
    const batch = await createExportBatch(tx, actorName(actor), [row], () => action === 'export_reversal');
    return { export_file: batch.file_name };
  }
  const hook = moveHooks.get(action);
  if (hook?.before) return hook.before(tx, actor, row);
  return {};
}

/**
 * Side effects after a move (same transaction): `reverse` creates the reversal invoice; the first 1st-level
 * approval of an inter-account invoice creates its debit note (skipped, with a history note, when the
 * invoice has several jobs: 002 §4 "impossible with multiple jobs"). Returns other invoices written.
 */
export async function afterMove(
  tx: DbOrTx,
  actor: Actor,
  before: InvoiceRow,
  after: InvoiceRow,
  action: TInvoiceAction,
): Promise<number[]> {
  // The notification centre's event of the move (issue 39): one outbox row in the move's transaction.
  const event = INVOICE_ACTION_EVENT[action];
  if (event) await notifyInvoice(tx, event.code, after, event.next, actor.user_uid, after.reject_reason);
  if (action === 'reverse') return [await createReversal(tx, actor, before)];
  const hook = moveHooks.get(action);
  if (hook?.after) return hook.after(tx, actor, before, after);
  if (action === 'approve_1' && before.is_inter_account) {
    if (await batchRepo.linkFrom(tx, 'INTER_ACCOUNT_DN', before.inv_id)) return [];
    const jobs = await repo.jobs(tx, before.inv_id);
    if (new Set(jobs.map((j) => j.job_no)).size !== 1) {
      await recordHistory(tx, {
        entityType: ENTITY,
        entityId: before.inv_id,
        action: 'inter_account_dn_skipped',
        fromStatus: 'APPROVED_1',
        toStatus: 'APPROVED_1',
        reason: INVOICE_BATCH_MSG.interAccountMultipleJobs,
        actor: historyActor(actor),
      });
      return [];
    }
    // The invoice as the approval left it: its history entry names Approved (1st), not the status read before.
    return [await createInterAccountDn(tx, actor, after)];
  }
  return [];
}
