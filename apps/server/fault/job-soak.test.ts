/**
 * One job per kick (issue 37): 50 users create bookings and invoices (each commit queues notifications, mail
 * and GP work, and NOTIFYs its job's channel) for SOAK_SECONDS (default 120 s in CI; the closing figures were
 * taken with 300). Before, each kick queued a pg-boss job of its own: 850 waiting after 5 minutes of 50 users.
 * Now a kicked queue holds at most one waiting job: the soak ends with at most 5 overdue (support/jobs.ts), and
 * the count is sampled every 5 s (printed as `[faults] …`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWaiting, waitingJobs } from './support/jobs';
import { dropCluster, freePort, freshCluster, hasPg15, type PgServer } from './support/pg-cluster';
import { type Portal, startPortal } from './support/portal';
import { demoFacts, startWriters } from './support/writers';

const say = (m: string) => console.log(`[faults] ${m}`);
const SOAK_SECONDS = Math.max(10, Number(process.env.SOAK_SECONDS ?? 120) || 120);
const USERS = 50;

let cluster: Awaited<ReturnType<typeof freshCluster>> | undefined;
let db: PgServer;
let portal: Portal;

/** The queues woken by NOTIFY (a job's `channel`): each holds at most one waiting job (pg-boss policy `short`). */
const KICKED = ['mail-deliver', 'webhook-deliver', 'accounting-post', 'report-writer'];

/** Jobs waiting now (due and not taken): in all, overdue (support/jobs.ts) and the most in one kicked queue. */
async function sample() {
  const w = await waitingJobs(db);
  return {
    w,
    kickedMax: Math.max(0, ...w.byQueue.filter((q) => KICKED.includes(q.name)).map((q) => q.due)),
  };
}

beforeAll(async () => {
  if (!hasPg15()) return;
  cluster = await freshCluster('portal-soak-');
  db = cluster.db;
  portal = await startPortal({
    name: 'portal',
    port: await freePort(),
    databaseUrl: db.url(),
    dataDir: `${cluster.dir}/data`,
    jwtSecret: 'job-soak-test-secret-0123456789abcdef',
  });
});

afterAll(async () => {
  await portal?.stop();
  await dropCluster(cluster);
});

describe.skipIf(!hasPg15())(`${USERS} users for ${SOAK_SECONDS} s`, () => {
  it('the job queues hold at most 5 waiting jobs at the end (one waiting kick per queue)', async () => {
    const facts = await demoFacts(db);
    const t0 = performance.now();
    const writers = await startWriters({ instances: [portal.url], clients: USERS, facts, prefix: 'SK', t0 });
    const samples: Awaited<ReturnType<typeof sample>>[] = [];
    const until = Date.now() + SOAK_SECONDS * 1000;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 5_000));
      samples.push(await sample());
    }
    await writers.stop();
    // The end: a cron minute's batch on its way through the queues is on time (support/jobs.ts); the backlog
    // is what is overdue.
    const end = await waitingJobs(db);
    const queued = await db
      .query<{ n: number }>(`select count(*)::int as n from mail_outbox where status = 'queued'`)
      .catch(() => [{ n: -1 }]);
    const acked = writers.writes.filter((w) => w.ackedId).length;
    const kickedMax = Math.max(...samples.map((x) => x.kickedMax));
    say(
      `soak: ${USERS} users, ${SOAK_SECONDS} s, ${writers.writes.length} writes (${acked} acknowledged); waiting jobs ` +
        `sampled every 5 s: max ${Math.max(...samples.map((x) => x.w.total))} in all (${Math.max(...samples.map((x) => x.w.overdue))} overdue), max ${kickedMax} in one kicked ` +
        `queue; at the end ${describeWaiting(end)}; mail still queued ${queued[0].n}`,
    );
    expect(portal.exited()).toBeNull();
    expect(end.overdue).toBeLessThanOrEqual(5);
    expect(kickedMax).toBeLessThanOrEqual(1);
  });
});
