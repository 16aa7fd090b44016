/** Types of the mobile site stand-in (mobile-stand-in.mjs), for tests written in TypeScript. */
export declare const DEFAULT_SO_PATTERN: RegExp;
export declare const TOKEN_TTL_MS: number;
export interface MobileStandIn {
  url: string;
  register(soNo: string, masterSoNo?: string): void;
  tokensIssued(): number;
  close(): Promise<void>;
}
export declare function startMobileStandIn(opts?: {
  port?: number;
  host?: string;
  apiKey?: string;
  soPattern?: RegExp | null;
  shipments?: { so_no: string; master_so_no?: string }[];
}): Promise<MobileStandIn>;
