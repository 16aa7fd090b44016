/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a network blip, a
 * terminated backend) rather than "this statement is wrong". Such a failure answers 503 msgServiceUnavailable
 * with Retry-After (platform/errors/error-handler.ts): nothing the caller sent was wrong, and a retry with the
 * same Idempotency-Key is safe once the database is back. Drizzle wraps the driver's error (DrizzleQueryError),
 * so the whole `cause` chain is looked at.
 */

/** SQLSTATEs of a lost or refused connection: class 08, the shutdown states of 57P, and a standby's refusal. */
const SQLSTATES = new Set([
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '25006', // read_only_sql_transaction: a write reached a standby (mid-failover)
]);

/** Node's socket errors of an unreachable or vanished server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** node-postgres' own messages for a connection that ended or could not be had in time. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  // a connection that could not be opened within its connect timeout (pg.Client connectionTimeoutMillis)
  /^timeout expired$/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Connection ended unexpectedly/,
  /the database system is (starting up|shutting down|in recovery)/,
];

export function isConnectionError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message, cause, errors, syscall } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string' && (SQLSTATES.has(code) || SOCKET_CODES.has(code))) return true;
    // A Unix socket that is not there (the server restarting removes it): a connect's ENOENT, not a file's.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    // AggregateError of a host with several addresses (::1 and 127.0.0.1 both refused)
    if (Array.isArray(errors) && errors.some(isConnectionError)) return true;
    e = cause;
  }
  return false;
}
