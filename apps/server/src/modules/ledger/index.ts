/**
 * The ledger module's public entry: the adapter to the accounting system (the spec's "SUN" general ledger;
 * docs/ledger.md). Posting rules, journals and the posting queue live in modules/accounting; this module only
 * speaks the ledger's protocol.
 */
export {
  type LedgerClient,
  type LedgerError,
  type LedgerJournal,
  type LedgerLine,
  type LedgerPostResult,
  ledgerClient,
} from './ledger.client';
