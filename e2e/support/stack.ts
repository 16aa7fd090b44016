/**
 * The journeys run on E2E_STACKS servers side by side, one Playwright worker per server: each
 * server has its own database (an embedded PostgreSQL on its own port), data folder, copy of the web build
 * and ledger stand-in, so the journeys of one worker never see another worker's records, closed periods or
 * ledger state. The stateless stand-ins (SIS, mobile site, cargo platform, webhook receiver) and clamd are
 * shared.
 *
 * The default is one stack: a journey keeps about two cores busy (Chromium's renderer, GPU and browser
 * processes, the server, PostgreSQL). On the 2-core runner two stacks side by side made each journey 2-2.5x
 * slower and the run no shorter (booking approval beside carrier maintenance: 3.1 min either way). On a bigger
 * machine, E2E_STACKS=2 (or more) runs the journeys side by side.
 *
 * Stack i listens on the base ports + 1000 × i. Playwright numbers its parallel workers 0..workers-1
 * (TEST_PARALLEL_INDEX, kept when a worker restarts after a failure), and a worker uses the stack of its number.
 */
export const STACKS = Math.max(1, Math.floor(Number(process.env.E2E_STACKS ?? 1)) || 1);

const BASE_PORT = Number(process.env.E2E_PORT ?? 8090);
const BASE_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54390);
const BASE_LEDGER_PORT = Number(process.env.E2E_LEDGER_PORT ?? 9194);
const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? 'e2e/.data';
/** The web build (relative to the repository root, or absolute) stack 0 serves; the others serve a copy. */
export const WEB_DIST = process.env.E2E_WEB_DIST || 'apps/web/dist';

export interface Stack {
  index: number;
  port: number;
  pgPort: number;
  ledgerPort: number;
  /** The server's DATA_DIR, relative to the repository root unless absolute (wiped when the run starts). */
  dataDir: string;
  /** The web build this stack's server serves (the service-worker journey rewrites its version.json). */
  webDist: string;
}

export function stackOf(index: number): Stack {
  const offset = 1000 * index;
  const dataDir = index === 0 ? BASE_DATA_DIR : `${BASE_DATA_DIR}-${index}`;
  return {
    index,
    port: BASE_PORT + offset,
    pgPort: BASE_PG_PORT + offset,
    ledgerPort: BASE_LEDGER_PORT + offset,
    dataDir,
    webDist: index === 0 ? WEB_DIST : `${dataDir}-web`,
  };
}

/** The stack of this worker (in the runner's own process, stack 0). */
export const STACK = stackOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % STACKS);
