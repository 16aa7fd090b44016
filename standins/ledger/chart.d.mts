/** Types of the stand-in ledger's demo chart of accounts (chart.mjs). */
import type { LedgerAccount } from './ledger-stand-in.mjs';
export declare const CONTROL_ACCOUNTS: LedgerAccount[];
export declare const CHARGE_LEDGERS: [code: string, name: string][];
export declare const DEMO_PARTY_CODES: [code: string, name: string][];
export declare function defaultChart(): LedgerAccount[];
