import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface QueueCounts {
  queue: string;
  waiting: number;
  active: number;
  failed: number;
}

/**
 * Jobs per pg-boss queue (schema `pgboss`, see platform/jobs): waiting (created or retry), active, and failed
 * ones not yet archived (pg-boss moves finished jobs to its archive after 12 hours). Empty when the job
 * runner never started on this database.
 */
export async function queueCounts(db: Db): Promise<QueueCounts[]> {
  const { rows: exists } = await db.execute<{ ok: boolean }>(
    sql`select to_regclass('pgboss.job') is not null as ok`,
  );
  if (!exists[0]?.ok) return [];
  const { rows } = await db.execute<{ queue: string; waiting: string; active: string; failed: string }>(sql`
    select q.name as queue,
           count(j.id) filter (where j.state in ('created', 'retry')) as waiting,
           count(j.id) filter (where j.state = 'active') as active,
           count(j.id) filter (where j.state = 'failed') as failed
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
     group by q.name`);
  return rows.map((r) => ({
    queue: r.queue,
    waiting: Number(r.waiting),
    active: Number(r.active),
    failed: Number(r.failed),
  }));
}

/** The mail outbox (platform/mail): messages waiting to go, the age of the oldest, and those given up on. */
export async function mailOutboxState(
  db: Db,
): Promise<{ queued: number; oldestAgeSeconds: number; failed: number }> {
  const { rows } = await db.execute<{ queued: string; oldest: string | null; failed: string }>(sql`
    select count(*) filter (where status = 'queued') as queued,
           extract(epoch from now() - min(created_at) filter (where status = 'queued')) as oldest,
           count(*) filter (where status = 'failed') as failed
      from mail_outbox where status in ('queued', 'failed')`);
  const r = rows[0];
  return {
    queued: Number(r?.queued ?? 0),
    oldestAgeSeconds: Number(r?.oldest ?? 0),
    failed: Number(r?.failed ?? 0),
  };
}
