import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/platform/db/client';
import { ensureDatabase } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { runMigrations } from '../src/platform/db/migrate';
import { seedDemo } from '../src/seed/demo';
import { seedReference } from '../src/seed/reference';
import { freePort } from './free-port';

export const TEMPLATE_DB = 'portal_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database on the test server; test files clone TEMPLATE_DB from it. */
    adminDbUrl: string;
  }
}

/**
 * One PostgreSQL per test run: embedded, or TEST_DATABASE_URL (e.g. the machine's PostgreSQL 15).
 * Migrations and seeds go into a template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-pg-'));
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port });
    adminUrl = server.url;
    stop = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const admin = createDb(adminUrl, 1);
  await admin.pool.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.pool.end();
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const tpl = createDb(adminUrl.replace(/\/[^/]*$/, `/${TEMPLATE_DB}`), 2);
  await runMigrations(tpl.db);
  await seedReference(tpl.db);
  await seedDemo(tpl.db);
  await tpl.pool.end();
  project.provide('adminDbUrl', adminUrl);
  return stop;
}
