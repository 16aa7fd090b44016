import { createServer } from 'node:net';
import pg from 'pg';
import type { AppConfig } from '../../config';

/**
 * Start-up checks (docs/operations.md "Start-up checks"): what can be known to fail is checked before the
 * first migration touches a database, and every failure is one line naming the setting and the cause
 * (`[portal] cannot start: …`, exit code 1, no stack trace).
 */

/** A start-up failure whose message is the whole line after `cannot start: `. */
export class StartupError extends Error {}

/** How long the database check waits for a connection and its `select 1` (DB_CHECK_TIMEOUT_MS, default 5 s). */
const DB_CHECK_TIMEOUT_MS = Math.max(500, Number(process.env.DB_CHECK_TIMEOUT_MS) || 5_000);

/** The URL with its password replaced by `***`, for messages and logs. */
export function hidePassword(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return url;
    u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');
  }
}

/**
 * The innermost cause of an error as one line: drizzle's "Failed query: …" wraps the driver's error, and a
 * connection to a name with several addresses fails with an AggregateError whose own message is empty.
 */
export function rootCause(e: unknown): string {
  let err = e;
  for (let i = 0; i < 10 && err instanceof Error && err.cause !== undefined; i++) err = err.cause;
  if (err instanceof AggregateError && err.errors.length) {
    const parts = [...new Set(err.errors.map((x) => rootCause(x)))];
    return oneLine(err.message ? `${err.message}: ${parts.join('; ')}` : parts.join('; '));
  }
  if (err instanceof Error) return oneLine(err.message || err.name);
  return oneLine(String(err));
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Settings that must be there (or be well-formed) before anything else is tried. */
export function checkSettings(config: AppConfig): void {
  if (config.production && !config.jwtSecret)
    throw new StartupError(
      'JWT_SECRET is not set (required with NODE_ENV=production: the key that signs sign-in tokens)',
    );
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65_535)
    throw new StartupError(`PORT ${JSON.stringify(process.env.PORT)} is not a port number (0-65535)`);
}

/** Throws unless `port` can be listened on at `host` right now (a listen that is closed at once). */
export async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', (e: NodeJS.ErrnoException) => {
      const where = `PORT ${port} on ${host}`;
      if (e.code === 'EADDRINUSE') reject(new StartupError(`${where} is in use`));
      else if (e.code === 'EACCES')
        reject(new StartupError(`${where} is not allowed (EACCES: a port below 1024?)`));
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
        reject(new StartupError(`HOST ${host} is not an address of this machine (${e.code})`));
      else reject(new StartupError(`${where} cannot be opened: ${rootCause(e)}`));
    });
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve()));
  });
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);

/** Throws unless the database at `url` accepts a connection and answers `select 1` within the timeout. */
export async function checkDatabase(url: string, name = 'DATABASE_URL'): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: DB_CHECK_TIMEOUT_MS,
    query_timeout: DB_CHECK_TIMEOUT_MS,
  });
  // An error after connect (the server going away) must not become an unhandled 'error' event.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    const cause = rootCause(e);
    const code = (e as { code?: string }).code;
    const unreachable = (code && NETWORK_CODES.has(code)) || /timeout|ECONNREFUSED|ENOTFOUND/i.test(cause);
    throw new StartupError(
      `${name} ${hidePassword(url)} ${unreachable ? 'is unreachable' : 'refused the connection'}: ${cause}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The checks before any migration: settings and secrets, the port free on its host, and DATABASE_URL
 * reachable (the embedded PostgreSQL is checked once it has started: see `startupStep` in main.ts).
 */
export async function preflight(config: AppConfig): Promise<void> {
  checkSettings(config);
  await checkPortFree(config.host, config.port);
  if (config.databaseUrl) await checkDatabase(config.databaseUrl);
}

/**
 * Runs one start-up step; on failure prints `[portal] cannot start: <what>` on stderr and exits with 1.
 * A StartupError is its own line; anything else is described by `describe` (default: its root cause).
 */
export async function startupStep<T>(
  step: () => T | Promise<T>,
  describe: (e: unknown) => string = rootCause,
  cleanup?: () => Promise<unknown>,
): Promise<T> {
  try {
    return await step();
  } catch (e) {
    console.error(`[portal] cannot start: ${e instanceof StartupError ? e.message : describe(e)}`);
    await cleanup?.().catch(() => {});
    process.exit(1);
  }
}
