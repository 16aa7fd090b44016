import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
} from '@portal/contracts';
import type { Db } from '../../platform/db/client';
import { networkFailureSummary } from '../../platform/http/network-failure';
import { registerJob } from '../../platform/jobs/job-registry';
import { type DueDelivery, webhookRepository as repo, WEBHOOK_CHANNEL } from './webhook.repository';
import { resolveWebhookTarget, WebhookAddressError } from './webhook-address';

/** The durable job that posts queued deliveries. */
export const WEBHOOK_DELIVER_JOB = 'webhook-deliver';
/** Safety-net poll (retries after backoff, missed wake-ups); new deliveries are kicked at commit. */
export const WEBHOOK_DELIVER_CRON = '* * * * *';
/** Deliveries claimed per round; they are posted side by side. */
const BATCH = 10;
const MAX_ROUNDS = 20;
/** A claimed delivery is left alone this long (an instance that dies mid-send loses only the lease). */
const LEASE_SECONDS = 120;
/** No answer within this is a failure. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=` + hex HMAC-SHA256 of the body with the secret: the X-Portal-Signature header. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Wait after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min … doubling, capped at 1 hour. */
export function webhookBackoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * After a failed attempt: seconds until the next one, or null when the next one would fall after the
 * 24 hour retry window (the delivery is then marked failed).
 */
export function nextRetrySeconds(attempts: number, queuedAt: Date, now: Date): number | null {
  const wait = webhookBackoffSeconds(attempts);
  const deadline = queuedAt.getTime() + WEBHOOK_RETRY_HOURS * 3_600_000;
  return now.getTime() + wait * 1000 > deadline ? null : wait;
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  response: string;
}

/**
 * What the log keeps of a failure: a short summary of our own, never the receiver's words (an answer or an
 * error text could echo what an internal service said).
 */
function failureSummary(e: unknown): string {
  if (e instanceof WebhookAddressError) return e.message;
  return networkFailureSummary(e) ?? 'connection failed';
}

/**
 * POSTs one delivery: signed body, no redirects followed, 10 s timeout. The receiver's host is resolved and
 * checked on every attempt (DNS may have changed since the endpoint was saved) and the request connects to
 * exactly the address checked (its own `lookup`), so no second lookup can swap in an internal address. Of
 * the answer only the status is kept ("HTTP 500"); its body is read and dropped.
 */
async function post(d: DueDelivery): Promise<Outcome> {
  try {
    const target = await resolveWebhookTarget(d.url);
    const statusCode = await new Promise<number>((resolve, reject) => {
      const send = target.url.protocol === 'https:' ? https.request : http.request;
      const req = send(
        target.url,
        {
          method: 'POST',
          // The checked address, whatever the resolver would answer now (TLS still checks the host name).
          lookup: (_host, opts, cb) => {
            if ((opts as { all?: boolean }).all)
              (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
                { address: target.address, family: target.family },
              ]);
            else cb(null, target.address, target.family);
          },
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(d.body),
            'user-agent': 'FreightPortal-Webhook/1',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(d.secret, d.body),
            [WEBHOOK_EVENT_HEADER]: d.event_code,
            [WEBHOOK_DELIVERY_HEADER]: d.id,
          },
        },
        (res) => {
          // The status is all that is kept: the body is drained unread.
          res.resume();
          res.on('error', () => {});
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(d.body);
    });
    const ok = statusCode >= 200 && statusCode < 300;
    return { ok, statusCode, response: `HTTP ${statusCode}` };
  } catch (e) {
    return { ok: false, statusCode: null, response: failureSummary(e) };
  }
}

/** Claims (a short transaction that only leases the rows), posts outside it, records each outcome. */
async function round(db: Db, limit: number, log: (m: string) => void, onlyId?: string) {
  const claimed = await db.transaction(async (tx) => {
    const rows = await repo.claimDue(tx, limit, onlyId);
    for (const r of rows) await repo.lease(tx, r.id, LEASE_SECONDS);
    return rows;
  });
  let delivered = 0;
  let failed = 0;
  await Promise.all(
    claimed.map(async (d) => {
      const out = await post(d);
      const attempts = d.attempts + 1;
      if (out.ok) {
        delivered++;
        await repo.recordAttempt(db, d.id, {
          status: 'delivered',
          statusCode: out.statusCode,
          response: out.response,
          retryInSeconds: null,
        });
        return;
      }
      failed++;
      const retry = nextRetrySeconds(attempts, new Date(d.created_at), new Date());
      await repo.recordAttempt(db, d.id, {
        status: retry === null ? 'failed' : 'queued',
        statusCode: out.statusCode,
        response: out.response,
        retryInSeconds: retry,
      });
      log(
        `webhook ${d.id} (${d.event_code}) attempt ${attempts} failed${retry === null ? ', giving up' : `, next in ${retry} s`}: ${out.statusCode ?? out.response}`,
      );
    }),
  );
  return { claimed: claimed.length, delivered, failed };
}

/** Posts every due delivery (several instances never post one twice). Answers the counts. */
export async function deliverDueWebhooks(db: Db, log: (m: string) => void = () => {}) {
  let delivered = 0;
  let failed = 0;
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const r = await round(db, BATCH, log);
    delivered += r.delivered;
    failed += r.failed;
    if (r.claimed < BATCH) break;
  }
  return { delivered, failed };
}

/** Tries one queued delivery now (the test button); a failure leaves it to the job's retries. */
export async function deliverWebhookNow(db: Db, id: string, log: (m: string) => void = () => {}) {
  await round(db, 1, log, id);
}

registerJob({
  name: WEBHOOK_DELIVER_JOB,
  cron: WEBHOOK_DELIVER_CRON,
  // Failures are kept per delivery with their own backoff; the job itself is not retried.
  retryLimit: 0,
  // woken at once when deliveries commit (the runner listens; several within 100 ms make one job)
  channel: WEBHOOK_CHANNEL,
  run: (ctx) => deliverDueWebhooks(ctx.db, ctx.log),
});
