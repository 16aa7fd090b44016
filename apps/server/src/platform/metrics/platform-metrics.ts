import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client';
import { mailOutboxState, queueCounts } from './metrics.repository';
import { counter, gauge, histogram, onScrape } from './registry';

/** HTTP request durations by route pattern (never the raw URL, so ids do not explode the series), method and status. */
export const httpDuration = histogram(
  'portal_http_request_duration_seconds',
  'HTTP request duration by route pattern, method and status code',
  ['method', 'route', 'status_code'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

/**
 * Records every answered request in `httpDuration`; unmatched paths (404s, scanners) share one label.
 * A callback hook (an async one costs a promise per request) with the label object of each route, method and
 * status built once: the labels are few (routes x methods x statuses seen) and prom-client only reads them.
 */
export function registerHttpMetrics(app: FastifyInstance) {
  const labels = new Map<string, { method: string; route: string; status_code: string }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let l = labels.get(key);
    if (!l) {
      l = { method: request.method, route, status_code: String(reply.statusCode) };
      labels.set(key, l);
    }
    httpDuration.observe(l, reply.elapsedTime / 1000);
    done();
  });
}

/** Job runs seen by this process (platform/jobs/job-runner), by queue and outcome (completed, failed). */
export const jobRuns = counter('portal_job_runs_total', 'Job runs finished by this instance', [
  'queue',
  'outcome',
]);

const poolConnections = gauge('portal_db_pool_connections', 'Application pool connections by state', [
  'state',
]);
const poolWaiting = gauge('portal_db_pool_waiting', 'Queries waiting for a pool connection');

/** Reports the application pool's connections in use, idle, and the queries waiting for one. */
export function registerPoolMetrics(pool: pg.Pool) {
  onScrape('db_pool', () => {
    poolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    poolConnections.set({ state: 'idle' }, pool.idleCount);
    poolWaiting.set(pool.waitingCount);
  });
}

const queueJobs = gauge('portal_job_queue_jobs', 'Jobs per queue and state (waiting, active, failed)', [
  'queue',
  'state',
]);
const outboxBacklog = gauge('portal_mail_outbox_backlog', 'E-mails queued in the outbox, not yet sent');
const outboxOldest = gauge(
  'portal_mail_outbox_oldest_age_seconds',
  'Age of the oldest queued e-mail (0 when none waits)',
);
const outboxFailed = gauge('portal_mail_outbox_failed', 'E-mails the delivery job gave up on');

onScrape<Db>('job_queues', async ({ db }) => {
  const counts = await queueCounts(db);
  queueJobs.reset();
  for (const c of counts) {
    queueJobs.set({ queue: c.queue, state: 'waiting' }, c.waiting);
    queueJobs.set({ queue: c.queue, state: 'active' }, c.active);
    queueJobs.set({ queue: c.queue, state: 'failed' }, c.failed);
  }
});

onScrape<Db>('mail_outbox', async ({ db }) => {
  const s = await mailOutboxState(db);
  outboxBacklog.set(s.queued);
  outboxOldest.set(s.oldestAgeSeconds);
  outboxFailed.set(s.failed);
});
