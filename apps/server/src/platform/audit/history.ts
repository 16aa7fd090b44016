import type { TStatusHistoryEntry } from '@portal/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { type DbOrTx, insertRendered } from '../db/client';
import { currentRequestActor } from '../http/request-context';
import { statusHistory } from './audit.tables';

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
/** A timestamp with a time zone as PostgreSQL or JSON writes it ("2026-01-02 03:04:05.6+08", "…T…Z"). */
const ZONED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
/** A timestamp without a zone ("2026-01-02 03:04:05" and "2026-01-02T03:04:05.000" are the same instant). */
const LOCAL_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?$/;

/** A decimal's canonical text: "1.50" → "1.5", "2.000" → "2", "-0.00" → "0" (leading zeros are kept: "007" is a code). */
function canonicalDecimal(s: string): string {
  let out = s.startsWith('+') ? s.slice(1) : s;
  if (out.includes('.')) out = out.replace(/0+$/, '').replace(/\.$/, '');
  return /^-0*$/.test(out) ? out.slice(1) : out;
}

/**
 * A stored value as the audit trail compares it (docs/decisions.md "Audit trail: what counts as a change"):
 * null, undefined and "" are all "no value"; numbers and decimal texts by their value ("1.50" = "1.5" = 1.5);
 * a Date, and a zoned timestamp text, by its instant; arrays element by element; objects by their keys in any
 * order, keys without a value left out; everything else (codes, texts, booleans) as it is.
 */
export function auditValue(v: unknown): unknown {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
  if (typeof v === 'number') return Number.isFinite(v) ? canonicalDecimal(String(v)) : String(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') {
    if (DECIMAL.test(v)) return canonicalDecimal(v);
    if (ZONED_TIMESTAMP.test(v)) {
      const d = new Date(
        v
          .replace(' ', 'T')
          .replace(/([+-]\d{2}):?(\d{2})?$/, (_, h: string, m?: string) => `${h}:${m ?? '00'}`),
      );
      if (!Number.isNaN(d.getTime())) return d.toISOString();
    }
    const local = LOCAL_TIMESTAMP.exec(v);
    if (local) {
      const frac = (local[4] ?? '').replace(/0+$/, '').replace(/^\.$/, '');
      return `${local[1]}T${local[2]}${local[3] ?? ':00'}${frac}`;
    }
    return v;
  }
  if (Array.isArray(v)) return v.map(auditValue);
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const n = auditValue((v as Record<string, unknown>)[k]);
      if (n !== null) out[k] = n;
    }
    return out;
  }
  return v;
}

/** Whether two stored values are the same for the audit trail (see `auditValue`). */
export function sameAuditValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(auditValue(a)) === JSON.stringify(auditValue(b));
}

/** A value as the history stores it (JSON): undefined and "" → null (both "no value"), a Date → its ISO text, a bigint → its text. */
function storedValue(v: unknown): unknown {
  if (v === undefined || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(storedValue);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, storedValue(x)]));
  return v;
}

/**
 * The one way a status-history entry's `changes` is made (issue 38): the fields whose stored value differs
 * between the row `before` a write and the row `after` it (ideally the row the write returned), each as
 * `{ from, to }` with the stored values. Values are compared by `auditValue` (so "1.50" → "1.5", a Date and its
 * ISO text, null → "" are no change). `fields` limits the comparison (a field absent from `after` is not
 * compared: a partial update did not write it); without it every key of `after` is compared.
 */
export function diffFields<K extends string>(
  before: Partial<Record<K, unknown>> | null | undefined,
  after: Partial<Record<K, unknown>>,
  fields?: readonly K[],
): FieldChanges {
  const changes: FieldChanges = {};
  const old: Partial<Record<K, unknown>> = before ?? {};
  for (const f of fields ?? (Object.keys(after) as K[])) {
    if (!(f in after) || sameAuditValue(old[f], after[f])) continue;
    changes[f] = { from: storedValue(old[f] ?? null), to: storedValue(after[f] ?? null) };
  }
  return changes;
}

/**
 * The changes of a list of child rows (containers, lines) under `prefix`, matched by position: e.g.
 * `containers.0.seal_no`, and for a row added or removed each of its fields from or to null.
 */
export function diffRows<K extends string>(
  prefix: string,
  before: readonly Partial<Record<K, unknown>>[],
  after: readonly Partial<Record<K, unknown>>[],
  fields: readonly K[],
): FieldChanges {
  const changes: FieldChanges = {};
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const was: Partial<Record<K, unknown>> = before[i] ?? {};
    const now: Partial<Record<K, unknown>> = after[i] ?? {};
    // Every field is compared (a row added or removed reads as null on the other side).
    const full = Object.fromEntries(fields.map((f) => [f, now[f] ?? null])) as Partial<Record<K, unknown>>;
    for (const [f, c] of Object.entries(diffFields(was, full, fields))) changes[`${prefix}.${i}.${f}`] = c;
  }
  return changes;
}

/**
 * Writes one entry of a document's status history, inside the caller's transaction. In a Change User
 * session the real (super) user is taken from the request context, so no call site can leave it out.
 */
export async function recordHistory(
  tx: DbOrTx,
  entry: {
    entityType: string;
    entityId: string | number;
    action: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    reason?: string | null;
    changes?: FieldChanges | null;
    actor: { uid: string; name: string };
  },
) {
  const real = currentRequestActor()?.real ?? null;
  // Rendered once per shape (which fields are null) and prepared (client.ts insertRendered): written by every
  // save and move.
  await insertRendered(tx, 'history.record', statusHistory, {
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    action: entry.action,
    from_status: entry.fromStatus ?? null,
    to_status: entry.toStatus ?? null,
    reason: entry.reason ?? null,
    changes: entry.changes && Object.keys(entry.changes).length ? entry.changes : null,
    actor_uid: entry.actor.uid,
    actor_name: entry.actor.name,
    real_actor_uid: real?.uid ?? null,
    real_actor_name: real?.name ?? null,
  });
}

/** A document's history, newest first. */
export async function listHistory(
  db: DbOrTx,
  entityType: string,
  entityId: string | number,
): Promise<TStatusHistoryEntry[]> {
  const rows = await db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.entity_type, entityType), eq(statusHistory.entity_id, String(entityId))))
    .orderBy(desc(statusHistory.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    from_status: r.from_status,
    to_status: r.to_status,
    reason: r.reason,
    changes: r.changes ?? null,
    actor_name: r.actor_name,
    real_actor_name: r.real_actor_name,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
