import type { AppConfig } from '../../config';
import type { Db } from '../../platform/db/client';
import { validateDcsaSchema } from '../../platform/dcsa';
import { registerJob } from '../../platform/jobs/job-registry';
import {
  type CarrierAnswer,
  CarrierCredentialsRefused,
  CarrierUnreachable,
  callCarrier,
  carrierErrorText,
} from './carrier-link.client';
import { incomingOfDocument, pollCounter, recordNews, requestCounter } from './carrier-link.news';
import {
  CARRIER_OUTBOX_CHANNEL,
  CARRIER_POLL_CHANNEL,
  type DueRequest,
  carrierLinkRepository as repo,
} from './carrier-link.repository';
import {
  DOCUMENT_GET,
  isFinal,
  pollDelayMs,
  REQUESTS,
  resolvePath,
  retryDelayMs,
} from './carrier-link.rules';
import { tellNews } from './carrier-link.service';

/** The sweep that sends queued requests (woken at commit by NOTIFY, and every minute for due retries). */
export const CARRIER_OUTBOX_JOB = 'carrier-link.outbox';
/** The poll of carriers' documents whose news is older than the poll interval (and at once when kicked). */
export const CARRIER_POLL_JOB = 'carrier-link.poll';
const BATCH = 10;
const MAX_ROUNDS = 20;
/** A claimed request or poll is left alone this long (an instance that dies mid-call loses only the lease). */
const LEASE_SECONDS = 120;

/** The configuration the jobs use (set when the routes are registered: jobs get only the database). */
let jobConfig: AppConfig | undefined;
export const setCarrierLinkJobConfig = (config: AppConfig) => {
  jobConfig = config;
};

type Outcome =
  | { kind: 'sent'; answer: CarrierAnswer }
  | { kind: 'retry'; error: string; status: number | null }
  | { kind: 'failed'; error: string; status: number | null }
  | { kind: 'held'; error: string };

/** Sends one request and says what came of it (never throws for the carrier's behaviour). */
async function attempt(config: AppConfig, db: Db, r: DueRequest): Promise<Outcome> {
  const [conn, x] = await Promise.all([
    repo.connectionById(db, r.connection_id),
    repo.exchangeById(db, r.exchange_id),
  ]);
  if (!conn || !x) return { kind: 'failed', error: 'no connection', status: null };
  if (!conn.enabled) return { kind: 'held', error: 'connection disabled' };
  if (conn.credential_state === 'REFUSED')
    return { kind: 'held', error: conn.credential_error ?? 'credentials refused' };
  const shape = REQUESTS[x.kind][r.action];
  if (!shape) return { kind: 'failed', error: `${r.action} is not possible for ${x.kind}`, status: null };
  const path = resolvePath(r.path, x);
  if (!path) return { kind: 'failed', error: 'the carrier reference is not known', status: null };
  // Validated again as it leaves (the YAML may have been updated since it was queued).
  const errors = validateDcsaSchema(shape.standard, shape.schema, r.body);
  if (errors.length)
    return {
      kind: 'failed',
      error: `not a valid ${shape.schema}: ${errors
        .slice(0, 3)
        .map((e) => `${e.path} ${e.message}`)
        .join('; ')}`,
      status: null,
    };
  try {
    const answer = await callCarrier(config, conn, {
      method: r.method,
      path,
      body: r.body,
      idempotencyKey: r.idempotency_key,
    });
    if (answer.status >= 200 && answer.status < 300) {
      if (shape.answerSchema && validateDcsaSchema(shape.standard, shape.answerSchema, answer.json).length)
        return {
          kind: 'retry',
          error: `HTTP ${answer.status}: the answer is not a ${shape.answerSchema}`,
          status: answer.status,
        };
      return { kind: 'sent', answer };
    }
    if (answer.status === 408 || answer.status === 429 || answer.status >= 500)
      return { kind: 'retry', error: `HTTP ${answer.status}`, status: answer.status };
    return { kind: 'failed', error: carrierErrorText(answer), status: answer.status };
  } catch (e) {
    if (e instanceof CarrierCredentialsRefused) return { kind: 'held', error: e.message };
    if (e instanceof CarrierUnreachable) return { kind: 'retry', error: e.message, status: null };
    return { kind: 'retry', error: 'unexpected error', status: null };
  }
}

/** Records an attempt's outcome on the request, the exchange (its history) and the connection. */
async function record(config: AppConfig, db: Db, r: DueRequest, out: Outcome, log: (m: string) => void) {
  const attempts = r.attempts + 1;
  await db.transaction(async (tx) => {
    const x = await repo.exchangeById(tx, r.exchange_id, true);
    const conn = await repo.connectionById(tx, r.connection_id);
    if (!x || !conn) return;
    const carrier = conn.carrier_code;
    if (out.kind === 'sent') {
      requestCounter.inc({ carrier, outcome: 'sent' });
      await repo.recordOutcome(tx, r.id, {
        state: 'SENT',
        statusCode: out.answer.status,
        error: null,
        retryInMs: null,
      });
      const j = (out.answer.json ?? {}) as Record<string, unknown>;
      const ref =
        r.action === 'CREATE'
          ? typeof j.carrierBookingRequestReference === 'string'
            ? j.carrierBookingRequestReference
            : typeof j.shippingInstructionsReference === 'string'
              ? j.shippingInstructionsReference
              : null
          : null;
      const open = await repo.countOpenRequests(tx, x.id);
      const updated = await repo.updateExchange(tx, x.id, {
        ...(ref && { carrier_ref: ref }),
        link_state: open > 0 ? 'SENDING' : 'WAITING',
        last_error: null,
        attempts: 0,
        next_poll_at: isFinal(x.kind, x.carrier_status)
          ? null
          : new Date(Date.now() + config.carrierLink.pollMs).toISOString(),
        poll_quiet: 0,
      });
      if (conn.credential_state !== 'OK') await repo.setCredentialState(tx, conn.id, 'OK', null);
      await repo.addEvent(tx, {
        exchange_id: x.id,
        source: 'PORTAL',
        event: 'SENT',
        detail: { action: r.action, http: out.answer.status, ...(ref && { reference: ref }) },
      });
      await tellNews(tx, {
        what: 'SENT',
        source: 'PORTAL',
        exchange: updated,
        previous: { carrier_status: x.carrier_status, carrier_sub_status: x.carrier_sub_status },
      });
      return;
    }
    if (out.kind === 'held') {
      requestCounter.inc({ carrier, outcome: 'held' });
      await repo.recordOutcome(tx, r.id, {
        state: 'HELD',
        statusCode: null,
        error: out.error,
        retryInMs: null,
      });
      if (conn.credential_state !== 'REFUSED' && out.error !== 'connection disabled')
        await repo.setCredentialState(tx, conn.id, 'REFUSED', out.error);
      await repo.holdConnection(tx, conn.id);
      await repo.updateExchange(tx, x.id, { link_state: 'REFUSED', last_error: out.error, attempts });
      await repo.addEvent(tx, {
        exchange_id: x.id,
        source: 'PORTAL',
        event: 'HELD',
        detail: { action: r.action, error: out.error },
      });
      log(`carrier ${carrier}: request ${r.id} held: ${out.error}`);
      return;
    }
    if (out.kind === 'failed') {
      requestCounter.inc({ carrier, outcome: 'failed' });
      await repo.recordOutcome(tx, r.id, {
        state: 'FAILED',
        statusCode: out.status,
        error: out.error,
        retryInMs: null,
      });
      await repo.failOpenRequests(tx, x.id, 'an earlier request was refused');
      const updated = await repo.updateExchange(tx, x.id, {
        link_state: 'FAILED',
        last_error: out.error,
        attempts,
      });
      await repo.addEvent(tx, {
        exchange_id: x.id,
        source: 'PORTAL',
        event: 'FAILED',
        detail: { action: r.action, ...(out.status && { http: out.status }), error: out.error },
      });
      await tellNews(tx, {
        what: 'FAILED',
        source: 'PORTAL',
        exchange: updated,
        previous: { carrier_status: x.carrier_status, carrier_sub_status: x.carrier_sub_status },
        error: out.error,
      });
      log(`carrier ${carrier}: request ${r.id} refused: ${out.error}`);
      return;
    }
    requestCounter.inc({ carrier, outcome: 'retry' });
    const wait = retryDelayMs(attempts, config.carrierLink.retryMs, config.carrierLink.retryCapMs);
    await repo.recordOutcome(tx, r.id, {
      state: 'PENDING',
      statusCode: out.status,
      error: out.error,
      retryInMs: wait,
    });
    await repo.updateExchange(tx, x.id, { link_state: 'SENDING', last_error: out.error, attempts });
    await repo.addEvent(tx, {
      exchange_id: x.id,
      source: 'PORTAL',
      event: 'RETRY',
      detail: { action: r.action, ...(out.status && { http: out.status }), error: out.error },
    });
    log(`carrier ${carrier}: request ${r.id} attempt ${attempts} failed (${out.error}), next in ${wait} ms`);
  });
}

/** Sends every due request (several instances never send one twice); answers the counts. */
export async function sendDueCarrierRequests(
  db: Db,
  log: (m: string) => void = () => {},
  config = jobConfig,
) {
  if (!config) return { sent: 0, other: 0 };
  let sent = 0;
  let other = 0;
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const claimed = await db.transaction((tx) => repo.claimDue(tx, BATCH, LEASE_SECONDS));
    // One request per exchange per round (claimDue picks the oldest open one), side by side.
    await Promise.all(
      claimed.map(async (r) => {
        const out = await attempt(config, db, r);
        await record(config, db, r, out, log);
        if (out.kind === 'sent') sent++;
        else other++;
      }),
    );
    if (!claimed.length) break;
  }
  return { sent, other };
}

/** GETs the documents whose poll is due; answers the counts. */
export async function pollCarrierDocuments(db: Db, log: (m: string) => void = () => {}, config = jobConfig) {
  if (!config) return { polled: 0, news: 0 };
  let polled = 0;
  let news = 0;
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const ids = await db.transaction((tx) => repo.claimPolls(tx, BATCH, LEASE_SECONDS));
    await Promise.all(
      ids.map(async (id) => {
        polled++;
        if (await pollOne(config, db, id, log)) news++;
      }),
    );
    if (ids.length < BATCH) break;
  }
  return { polled, news };
}

async function pollOne(config: AppConfig, db: Db, id: number, log: (m: string) => void): Promise<boolean> {
  const x = await repo.exchangeById(db, id);
  const conn = x && (await repo.connectionById(db, x.connection_id));
  if (!x || !conn) return false;
  const get = DOCUMENT_GET[x.kind];
  const path = resolvePath(get.path, x);
  const quietNext = async (outcome: 'quiet' | 'error', why?: string) => {
    pollCounter.inc({ carrier: conn.carrier_code, outcome });
    const quiet = x.poll_quiet + 1;
    await repo.setNextPoll(
      db,
      x.id,
      isFinal(x.kind, x.carrier_status) ? null : pollDelayMs(quiet, config.carrierLink.pollMs),
      quiet,
    );
    if (why) log(`carrier ${conn.carrier_code}: poll of exchange ${x.id}: ${why}`);
    return false;
  };
  if (!path) return quietNext('quiet');
  try {
    const answer = await callCarrier(config, conn, { method: 'GET', path });
    if (answer.status !== 200) return quietNext('error', `HTTP ${answer.status}`);
    const errors = validateDcsaSchema(get.standard, get.schema, answer.json);
    if (errors.length)
      return quietNext('error', `the answer is not a ${get.schema} (${errors[0].path} ${errors[0].message})`);
    const changed = await db.transaction(async (tx) => {
      const locked = await repo.exchangeById(tx, x.id, true);
      if (!locked) return false;
      return recordNews(
        tx,
        config,
        locked,
        incomingOfDocument(x.kind, answer.json as Record<string, unknown>, 'POLL'),
      );
    });
    if (!changed) return quietNext('quiet');
    pollCounter.inc({ carrier: conn.carrier_code, outcome: 'news' });
    return true;
  } catch (e) {
    if (e instanceof CarrierCredentialsRefused || e instanceof CarrierUnreachable)
      return quietNext('error', e.message);
    throw e;
  }
}

registerJob({
  name: CARRIER_OUTBOX_JOB,
  cron: '* * * * *',
  // Failures are kept per request with their own backoff; the job itself is not retried.
  retryLimit: 0,
  channel: CARRIER_OUTBOX_CHANNEL,
  run: (ctx) => sendDueCarrierRequests(ctx.db, ctx.log),
});

registerJob({
  name: CARRIER_POLL_JOB,
  cron: '* * * * *',
  retryLimit: 0,
  channel: CARRIER_POLL_CHANNEL,
  run: (ctx) => pollCarrierDocuments(ctx.db, ctx.log),
});
