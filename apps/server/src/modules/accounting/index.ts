/**
 * The accounting (posting) module's public entry (issue 15; docs/accounting.md): what other modules, app.ts,
 * main.ts and the seeds may use.
 */
import type { DbOrTx } from '../../platform/db/client';
import { accountingService } from './accounting.service';

export {
  AUTO_EXPORT_JOB,
  autoExportDue,
  POSTING_JOB,
  postDueJournals,
} from './accounting.jobs';
export { accountingRoutes } from './accounting.routes';
export { DEMO_NO_SUN_PARTY, seedDemoPosting, seedPostingRules } from './accounting.seed';
export {
  journalLines,
  journals,
  postingAccounts,
  postingRules,
  postingTaxAccounts,
} from './accounting.tables';
export { type BuilderInput, type BuiltJournal, buildJournal } from './journal-builder';

/**
 * Revenue and cost of the journals posted in periods `from`..`to` ('YYYY-MM' or dates, inclusive), per
 * period, optionally of one office: revenue = credit − debit of the receivable journals' CHARGE lines,
 * cost = debit − credit of the payable journals' CHARGE lines, in the base currency (reversals included, so
 * a reversed invoice nets to zero). For the GP reports' reconciliation test (modules/gp-report).
 */
export const postedJournalTotals = (db: DbOrTx, o: { from: string; to: string; office?: string }) =>
  accountingService.postedJournalTotals(db, o);

/**
 * Seed only: records the invoices as posted without a ledger call — each one's journal built with the
 * posting rules and stored POSTED under a `DEMO-` journal no.; status Posted (Post Reversed for the reversal
 * group; reversed/closed ones keep theirs), process status SUCCESS, posted_at = invoice date. Answers the ids
 * recorded (an invoice without lines or already journalled is skipped).
 */
export const recordPostedForSeed = (db: DbOrTx, invIds: number[]) =>
  accountingService.recordPostedForSeed(db, invIds);
