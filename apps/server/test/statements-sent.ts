import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { insideRequest } from '../src/platform/http/request-context';

/**
 * The SQL statements `fn` sends, and only those: every pg.Client query (pool clients and transactions alike) made
 * while `fn` runs, either in `fn`'s own async context or inside a request it makes (a POST body arrives on stream
 * events outside the caller's context, so a request is recognised by the server's request context). Statements of
 * background work running meanwhile (pg-boss polls, the notification hub, LISTEN debouncers) are not recorded:
 * CI saw a count-based test fail on stray background statements when the count was taken process-wide.
 * Make one request at a time inside `fn`.
 */
const store = new AsyncLocalStorage<true>();

export async function statementsSent<T>(fn: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (store.getStore() || insideRequest()) {
      const q = args[0] as string | { text?: string };
      sent.push(typeof q === 'string' ? q : (q?.text ?? ''));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await store.run(true, fn), sent };
  } finally {
    pg.Client.prototype.query = original;
  }
}
