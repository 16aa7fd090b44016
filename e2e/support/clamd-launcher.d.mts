/** Types of clamd-launcher.mjs (a real clamd with a one-signature EICAR database, for tests). */
export declare const EICAR: string;
export declare const EICAR_SIGNATURE: string;
export declare function findClamd(): string | null;
export declare function writeEicarDatabase(dir: string): Promise<void>;
export declare function freePort(): Promise<number>;
export declare function ping(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export interface RealClamd {
  host: string;
  port: number;
  pid: number | undefined;
  dir: string;
  close(): Promise<void>;
}
export declare function startRealClamd(opts?: {
  port?: number;
  bin?: string | null;
  startTimeoutMs?: number;
}): Promise<RealClamd>;
