import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './platform/db/client';
import { resolveDatabase, resolveJwtSecret } from './platform/db/database';
import { runMigrations } from './platform/db/migrate';
import { startJobRunner } from './platform/jobs/job-runner';
import { startMailKicker } from './platform/mail/mail-delivery';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo';
import { seedReference } from './seed/reference';

const started = Date.now();
const config = loadConfig();
const say = (m: string) => console.log(`[portal] ${m}`);

const database = await resolveDatabase(config, say);
const { db, pool } = createDb(database.url, Number(process.env.DB_POOL_SIZE ?? 20));
await runMigrations(db);
await seedReference(db);
if (!config.production && (await seedDemo(db))) say('seeded demo data into the empty database');

const app = await buildApp({ db, config, jwtSecret: await resolveJwtSecret(config) });
await app.listen({ port: config.port, host: config.host });
// Durable jobs (pg-boss in the same database); JOBS=off runs an instance without a runner.
const jobs = process.env.JOBS === 'off' ? null : await startJobRunner({ databaseUrl: database.url, db });
// Wakes the mail-deliver job as soon as queued mail commits (platform/mail).
const mailKicker = jobs ? await startMailKicker({ databaseUrl: database.url, runner: jobs }) : null;

const url = `http://localhost:${config.port}`;
say(`database: ${database.embedded ? 'embedded PostgreSQL under data/pg' : 'DATABASE_URL'}`);
say(`ready in ${Date.now() - started} ms at ${url}  (API docs: ${url}/api/docs)`);
if (!config.production) {
  say(`demo accounts, password ${DEMO_PASSWORD}:`);
  for (const u of DEMO_USERS) say(`  ${u.login_id.padEnd(24)} ${u.note}`);
}

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  say(`${signal}: shutting down`);
  await app.close().catch(() => {});
  await mailKicker?.stop().catch(() => {});
  await jobs?.stop().catch(() => {});
  await pool.end().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
