import { buildApp } from './app';
import { loadConfig } from './config';
// Registers the nightly backup job (BACKUP_CRON) before the job runner starts.
import './platform/backup/backup-job';
// Registers the job merging the GIN indexes' pending lists outside requests (platform/db/gin-upkeep.ts).
import './platform/db/gin-upkeep';
import { createDb } from './platform/db/client';
import { isConnectionError } from './platform/db/connection-errors';
import { resolveDatabase, resolveJwtSecret } from './platform/db/database';
import { runMigrations } from './platform/db/migrate';
import { startJobRunner } from './platform/jobs/job-runner';
import { handleStopSignals, onShutdown, shutdown, survivesLostConnections } from './platform/lifecycle';
import { registerPoolMetrics } from './platform/metrics';
import { pdfPool } from './platform/pdf/pdf-pool';
import { fillEmptySearchKinds } from './platform/search/document-numbers';
import { preflight, rootCause, startupStep } from './platform/startup/preflight';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo';
import { seedReference } from './seed/reference';

const started = Date.now();
// A lost database connection is answered 503 and healed, never a reason to exit (platform/lifecycle).
survivesLostConnections(isConnectionError);
const say = (m: string) => console.log(`[portal] ${m}`);
// Start-up checks before anything touches a database (platform/startup/preflight.ts, docs/operations.md
// "Start-up checks"): a missing secret, a port in use or an unreachable DATABASE_URL is one line and exit 1.
const config = await startupStep(() => loadConfig());
await startupStep(() => preflight(config));

const database = await startupStep(
  () => resolveDatabase(config, say),
  (e) =>
    `embedded PostgreSQL (PG_PORT ${process.env.PG_PORT ?? 54329}, data in ${config.dataDir}/pg) did not start: ${rootCause(e)}`,
);
const { db, pool } = createDb(database.poolUrl, Number(process.env.DB_POOL_SIZE ?? 20));
registerPoolMetrics(pool);
const releaseDatabase = async () => {
  await pool.end();
  await database.stop();
};
await startupStep(
  () => runMigrations(db),
  (e) => `migrations failed: ${rootCause(e)}`,
  releaseDatabase,
);
await startupStep(
  async () => {
    await seedReference(db);
    if (!config.production && (await seedDemo(db))) say('seeded demo data into the empty database');
    // The global search's index for kinds it has never seen (a database from before it): see docs/search.md.
    await fillEmptySearchKinds(db, say);
  },
  (e) => `seeding reference data failed: ${rootCause(e)}`,
  releaseDatabase,
);

const app = await buildApp({ db, config, jwtSecret: await resolveJwtSecret(config) });
// The port was free at the start-up check; another process may have taken it since.
await startupStep(
  () => app.listen({ port: config.port, host: config.host }),
  (e) => `PORT ${config.port} on ${config.host}: ${rootCause(e)}`,
  releaseDatabase,
);
// PDF workers load and warm their layouts now rather than on the first user's PDF (platform/pdf/pdf-pool.ts).
pdfPool.start();
// Durable jobs (pg-boss in the same database); JOBS=off runs an instance without a runner. Jobs with a channel
// (mail, webhook deliveries, postings, report-writer "send now") are woken by NOTIFY at the commit that queued
// their work, through one self-healing listener of the runner's (platform/jobs/job-runner.ts).
const jobs = process.env.JOBS === 'off' ? null : await startJobRunner({ databaseUrl: database.poolUrl, db });

const url = `http://localhost:${config.port}`;
say(`database: ${database.embedded ? 'embedded PostgreSQL under data/pg' : 'DATABASE_URL'}`);
say(`ready in ${Date.now() - started} ms at ${url}  (API docs: ${url}/api/docs)`);
if (!config.production) {
  say(`demo accounts, password ${DEMO_PASSWORD}:`);
  for (const u of DEMO_USERS) say(`  ${u.login_id.padEnd(24)} ${u.note}`);
}

// Graceful shutdown (platform/lifecycle): stop accepting, drain, then release in reverse order of these lines.
onShutdown('embedded PostgreSQL', () => database.stop(), 'release');
onShutdown('database pool', () => pool.end(), 'release');
if (jobs) onShutdown('job runner', () => jobs.stop(config.shutdownTimeoutMs));
const stop = (signal: string) => {
  say(`${signal}: shutting down (waiting up to ${config.shutdownTimeoutMs} ms for requests and jobs)`);
  void shutdown({ app, timeoutMs: config.shutdownTimeoutMs, log: say }).then(
    () => {
      say('stopped');
      process.exit(0);
    },
    (e: Error) => {
      say(`shutdown failed: ${e.message}`);
      process.exit(1);
    },
  );
};
handleStopSignals(stop);
