/**
 * Posting readiness (issue 15, docs/accounting.md): an invoice's journal built from the posting rules and the
 * checklist of what keeps it from posting (status, approvals, accounts, exchange rate, government invoice no.,
 * closed period), each item with the web path where it is fixed; set-wise for a batch. accounting.service.ts
 * posts, queues and retries what this checks.
 */
import {
  money,
  POSTING_MSG,
  periodKindOfInvoice,
  postingRuleSetOf,
  type TJournalKind,
  type TPeriodKind,
  type TPostingRule,
  type TReadiness,
  type TReadinessIssue,
} from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import type { InvoiceRow } from '../invoice';
import { closedPeriodKeys, periodKey } from '../period';
import { accountingRepository as repo } from './accounting.repository';
import { type BuilderLine, type BuildResult, buildJournal, FIX_PATHS } from './journal-builder';

/** The reversal group's statuses: their posting is post_reversal. */
const REVERSAL_STATUSES = new Set([
  'NEW_REVERSAL',
  'PREPARED_REVERSAL',
  'APPROVED_REVERSAL',
  'EXPORTED_REVERSAL',
  'IMPORTED_REVERSAL',
  'POST_REVERSED',
]);
/** The status each posting move starts from. */
export const POSTABLE: Record<TJournalKind, string> = {
  post: 'IMPORTED',
  post_reversal: 'IMPORTED_REVERSAL',
};
/** The status each posting move ends in. */
export const POSTED_STATUS: Record<TJournalKind, string> = { post: 'POSTED', post_reversal: 'POST_REVERSED' };

/** The journal kind an invoice's posting is (whatever its status now). */
export const journalKindOf = (row: { status: string }): TJournalKind =>
  REVERSAL_STATUSES.has(row.status) ? 'post_reversal' : 'post';

/** Rules, tax accounts and the rounding account, read once per call. */
export async function references(db: DbOrTx) {
  const [rules, taxes, rounding] = await Promise.all([
    repo.rules(db),
    repo.taxAccounts(db),
    repo.account(db, 'ROUNDING'),
  ]);
  const bySet = new Map<string, TPostingRule[]>();
  for (const r of rules) bySet.set(r.rule_set, [...(bySet.get(r.rule_set) ?? []), r]);
  const tax = new Map<string, Map<string, string>>();
  for (const t of taxes) tax.set(t.inv_type, (tax.get(t.inv_type) ?? new Map()).set(t.tax_code, t.account));
  return { bySet, tax, rounding: rounding ?? '7990' };
}
export type Refs = Awaited<ReturnType<typeof references>>;

export interface Context {
  row: InvoiceRow;
  lines: BuilderLine[];
  party: { party_code: string; sun: string | null } | undefined;
  firstJob: string | null;
}

export async function contexts(db: DbOrTx, rows: InvoiceRow[]): Promise<Context[]> {
  const ids = rows.map((r) => r.inv_id);
  const [lines, parties, jobs] = await Promise.all([
    repo.lines(db, ids),
    repo.parties(db, [...new Set(rows.map((r) => r.party_id))]),
    repo.firstJobs(db, ids),
  ]);
  return rows.map((row) => ({
    row,
    lines: lines.get(row.inv_id) ?? [],
    party: parties.get(row.party_id),
    firstJob: jobs.get(row.inv_id) ?? null,
  }));
}

/** The journal of one invoice's posting (`kind`) from the rules, or the issues that keep it from being built. */
export function buildPosting(c: Context, kind: TJournalKind, refs: Refs, partyFallback = false): BuildResult {
  const ruleSet = postingRuleSetOf(c.row, kind);
  return buildJournal({
    invoice: c.row,
    kind,
    ruleSet,
    // The seed (recordPostedForSeed) posts under the party code when the sun A/C code is missing, as the
    // accounting export does; real postings require the sun A/C code (002 §8).
    partyAccount: c.party?.sun ?? (partyFallback ? (c.party?.party_code ?? null) : null),
    lines: c.lines,
    firstJob: c.firstJob,
    rules: refs.bySet.get(ruleSet) ?? [],
    taxAccounts: refs.tax.get(c.row.inv_type) ?? new Map(),
    roundingAccount: refs.rounding,
  });
}

/**
 * The readiness checklist of one invoice (issue 15): every missing or inconsistent item with the web path
 * where it is fixed. `closed` holds the closed (office, month, side) keys of the batch (read once for all).
 */
function check(c: Context, refs: Refs, closed: Set<string>): { readiness: TReadiness; result: BuildResult } {
  const { row } = c;
  const kind = journalKindOf(row);
  const invoicePath = FIX_PATHS.invoice(row.inv_type, row.inv_id);
  const issues: TReadinessIssue[] = [];
  // A posted invoice whose posting failed is checked for its retry (its status is already the posted one).
  const retrying = row.acct_process_status === 'FAILURE' && row.status === POSTED_STATUS[kind];
  if (row.status !== POSTABLE[kind] && !retrying)
    issues.push({
      item: 'status',
      msgKey: POSTING_MSG.wrongStatus,
      params: { status: row.status },
      fix_path: invoicePath,
    });
  if (kind === 'post' && (!row.approved_1_at || !row.approved_2_at))
    issues.push({
      item: 'approval',
      msgKey: POSTING_MSG.notApproved,
      params: { level: row.approved_1_at ? 2 : 1 },
      fix_path: invoicePath,
    });
  const result = buildPosting(c, kind, refs);
  if (!result.ok) issues.push(...result.issues);
  if (
    row.currency === row.base_currency &&
    row.exchange_rate &&
    money.compare(row.exchange_rate, '1') !== 0 &&
    !issues.some((i) => i.item === 'exchange_rate')
  )
    issues.push({
      item: 'exchange_rate',
      msgKey: POSTING_MSG.missingExchangeRate,
      params: { currency: row.currency, base: row.base_currency },
      fix_path: invoicePath,
    });
  if (!row.gov_invoice_no?.trim())
    issues.push({
      item: 'gov_invoice_no',
      msgKey: POSTING_MSG.missingGovInvoiceNo,
      fix_path: FIX_PATHS.importDocument(),
    });
  const period = periodOfRow(row);
  if (period && closed.has(period.key))
    issues.push({
      item: 'period',
      msgKey: POSTING_MSG.periodClosed,
      params: { period: period.period, office: row.office_code },
      fix_path: FIX_PATHS.periodClose(period.kind),
    });
  return {
    readiness: {
      inv_id: row.inv_id,
      invoice_no: row.invoice_no,
      action: kind,
      ready: issues.length === 0,
      issues,
    },
    result,
  };
}

/** The (office, month, side) an invoice posts into, or null while it has no invoice date. */
function periodOfRow(row: InvoiceRow) {
  if (!row.invoice_date) return null;
  const period = row.invoice_date.slice(0, 7);
  const kind = periodKindOfInvoice(row.kind);
  return { period, kind, office: row.office_code, key: periodKey(row.office_code, period, kind) };
}

/**
 * The checklists of several invoices (the caller checked read access), set-wise: the rules, the invoices'
 * lines, parties, first jobs and the closed periods are each read once for the whole batch (no query per
 * invoice), then every checklist is computed in memory.
 */
export async function readinessOf(db: DbOrTx, rows: InvoiceRow[]) {
  if (!rows.length) return [];
  const keys = new Map<string, { office: string; period: string; kind: TPeriodKind }>();
  for (const r of rows) {
    const p = periodOfRow(r);
    if (p) keys.set(p.key, p);
  }
  const [refs, ctxs, closed] = await Promise.all([
    references(db),
    contexts(db, rows),
    closedPeriodKeys(db, [...keys.values()]),
  ]);
  return ctxs.map((c) => check(c, refs, closed));
}
