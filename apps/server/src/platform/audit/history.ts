import type { TStatusHistoryEntry } from '@portal/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { currentRequestActor } from '../http/request-context';
import { statusHistory } from './audit.tables';

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields whose values differ between two versions of a record. */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): FieldChanges {
  const changes: FieldChanges = {};
  for (const f of fields) {
    if (f in after && (before[f] ?? null) !== (after[f] ?? null))
      changes[f] = { from: before[f] ?? null, to: after[f] ?? null };
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
  await tx.insert(statusHistory).values({
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
