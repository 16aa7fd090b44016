import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every status change or edit of a document: who, when, from, to, reason, and which fields changed. */
export const statusHistory = pgTable(
  'status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id').notNull(),
    action: text('action').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status'),
    reason: text('reason'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    actor_uid: text('actor_uid'),
    actor_name: text('actor_name'),
    /** The super user behind a Change User session (null otherwise): who really made the change. */
    real_actor_uid: text('real_actor_uid'),
    real_actor_name: text('real_actor_name'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('status_history_entity_idx').on(t.entity_type, t.entity_id, t.id),
    // The productivity and operation pages (modules/operation-alert) read a period of entries.
    index('status_history_created_idx').on(t.created_at),
  ],
);
