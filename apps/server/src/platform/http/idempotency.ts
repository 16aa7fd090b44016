import { createHash } from 'node:crypto';
import { BOOKING_MSG, MSG } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, executePrepared, insertRendered, type Tx } from '../db/client';
import { AppError, unprocessable } from '../errors/app-error';
import { idempotencyKeys } from './idempotency.tables';

/** A remembered answer is replayed for this long; after that the key may be used again. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

/** JSON with object keys sorted, so the same body always hashes the same. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** The Idempotency-Key header, checked (1–200 of A-Z a-z 0-9 . _ : -), or null without one. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key))
    throw new AppError(400, MSG.validationFailed, {
      details: [{ field: 'Idempotency-Key', msgKey: MSG.fieldInvalid }],
    });
  return key;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
}

/**
 * Runs a document-creating write at most once per (user, route, Idempotency-Key) (ARCHITECTURE "API").
 * Without a key, `run` simply runs in a transaction. With one, a transaction-scoped advisory lock on the
 * key serialises concurrent retries; a stored answer is replayed (same status and body, nothing new is
 * written) when the request body hashes the same, and a different body answers 422 msgIdempotencyKeyReused.
 * Only successful answers are remembered: a failed attempt rolls back and may be retried with the same key.
 */
export async function idempotent<T>(
  db: Db,
  o: { userUid: string; route: string; key: string | null; body: unknown },
  run: (tx: Tx) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  const { key } = o;
  if (!key) return { ...(await db.transaction(run)), replayed: false };
  const hash = createHash('sha256').update(stableJson(o.body)).digest('hex');
  return db.transaction(async (tx) => {
    await executePrepared(
      tx,
      sql`select pg_advisory_xact_lock(hashtextextended(${`${o.userUid}|${o.route}|${key}`}, 0))`,
    );
    // An expired answer is forgotten and a live one read, in one statement (it runs on every keyed create): the
    // select sees the rows as before the delete, so it leaves out the ones deleted.
    const { rows } = await executePrepared<{ request_hash: string; status_code: number; response: unknown }>(
      tx,
      sql`
      with gone as (
        delete from idempotency_keys
         where user_uid = ${o.userUid} and route = ${o.route} and key = ${key}
           and created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
        returning id)
      select request_hash, status_code, response from idempotency_keys
       where user_uid = ${o.userUid} and route = ${o.route} and key = ${key}
         and id not in (select id from gone)`,
    );
    const [seen] = rows;
    if (seen) {
      if (seen.request_hash !== hash) throw unprocessable(BOOKING_MSG.idempotencyConflict);
      return { status: seen.status_code, body: seen.response as T, replayed: true };
    }
    const answer = await run(tx);
    // Rendered once (client.ts insertRendered) and prepared: every keyed write records its answer.
    await insertRendered(tx, 'idempotency.record', idempotencyKeys, {
      user_uid: o.userUid,
      key,
      route: o.route,
      request_hash: hash,
      status_code: answer.status,
      response: answer.body as object,
    });
    return { ...answer, replayed: false };
  });
}
