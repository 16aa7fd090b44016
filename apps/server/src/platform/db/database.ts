import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { connectClient } from './client';
import { startEmbeddedPostgres } from './embedded';

/** Creates `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string) {
  const client = await connectClient({ connectionString: adminUrl, application_name: 'portal-setup' });
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * The database to use: DATABASE_URL when set, otherwise an embedded PostgreSQL with its data under
 * `data/pg` (database `portal`). `url` over TCP; `poolUrl` what the portal's pools use (the embedded server's
 * Unix socket when it has one).
 */
export async function resolveDatabase(
  config: AppConfig,
  log: (m: string) => void,
): Promise<{ url: string; poolUrl: string; stop: () => Promise<void>; embedded: boolean }> {
  if (config.databaseUrl)
    return { url: config.databaseUrl, poolUrl: config.databaseUrl, stop: async () => {}, embedded: false };
  const port = Number(process.env.PG_PORT ?? 54329);
  const pgServer = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port, log });
  await ensureDatabase(pgServer.url, 'portal');
  const url = pgServer.url.replace(/\/postgres$/, '/portal');
  // The portal's own connections go over the server's Unix socket when it has one (a statement's round trip
  // costs both processes a third less CPU than over loopback TCP: docs/performance.md).
  const poolUrl = pgServer.socketUrl?.replace(/\/postgres$/, '/portal') ?? url;
  return { url, poolUrl, stop: pgServer.stop, embedded: true };
}

/** JWT_SECRET, or in development a random secret kept under data/ so tokens survive a restart. */
export async function resolveJwtSecret(config: AppConfig): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.production) throw new Error('JWT_SECRET must be set when NODE_ENV=production');
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
