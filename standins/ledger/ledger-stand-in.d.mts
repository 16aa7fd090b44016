/** Types of the ledger stand-in (ledger-stand-in.mjs), for tests and benches written in TypeScript. */
export declare const DEMO_TOKEN: string;
export declare const BASE_CURRENCY: string;
export declare const FIRST_JOURNAL_NO: number;
export type LedgerAccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export interface LedgerAccount {
  code: string;
  name: string;
  type: LedgerAccountType;
}
export interface LedgerStandInLine {
  line: number;
  account: string;
  debit: string;
  credit: string;
  currency: string;
  amount_txn: string;
  rate: string;
  description: string;
}
export interface LedgerStandInJournal {
  journal_no: string;
  reference: string;
  period: string;
  journal_date: string;
  description: string;
  /** Sum of the debits (= sum of the credits) in base currency. */
  total: string;
  lines: LedgerStandInLine[];
  posted_at: string;
}
export type LedgerMode = 'up' | 'down' | 'slow';
export interface LedgerStandIn {
  url: string;
  token: string;
  /** 'down': every call but /health and the controls answers 503; 'slow': answers wait `delayMs` (default 2000). */
  control(mode: LedgerMode, delayMs?: number): void;
  /** The next `n` journal posts answer 503 (nothing posted), then the ledger is up again. */
  failNext(n: number): void;
  /** Back to up, the seeded chart, all periods open (but the configured closed ones), no journals. */
  reset(): void;
  journals(): LedgerStandInJournal[];
  accounts(): LedgerAccount[];
  addAccount(account: { code: string; name?: string; type?: LedgerAccountType }): void;
  setPeriod(period: string, status: 'open' | 'closed'): void;
  close(): Promise<void>;
}
export declare function parseChart(text: string): LedgerAccount[];
export declare function startLedgerStandIn(opts?: {
  port?: number;
  host?: string;
  token?: string;
  chart?: LedgerAccount[];
  extraAccounts?: LedgerAccount[];
  closedPeriods?: string[];
  dataFile?: string;
}): Promise<LedgerStandIn>;
