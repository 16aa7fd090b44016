/** Types of the cargo platform stand-in (cargo-platform-stand-in.mjs), for tests written in TypeScript. */
export declare const DEMO_CLIENT_ID: string;
export declare const DEMO_CLIENT_SECRET: string;
export declare const DEFAULT_TTL_SECONDS: number;
export interface CargoPlatformStandIn {
  url: string;
  tokensIssued(): number;
  setTtl(seconds: number): void;
  setDown(down: boolean): void;
  close(): Promise<void>;
}
export declare function startCargoPlatformStandIn(opts?: {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  ttlSeconds?: number;
}): Promise<CargoPlatformStandIn>;
