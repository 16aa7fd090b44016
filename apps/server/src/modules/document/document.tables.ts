import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Metadata of uploaded documents; the content lives in file storage under its SHA-256 (platform/files),
 * so identical files are stored once. Removing is a soft delete kept for the upload history.
 * uploaded_at/by play the part of created_at/by.
 */
export const documents = pgTable(
  'documents',
  {
    document_id: serial('document_id').primaryKey(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id').notNull(),
    document_type: text('document_type').notNull(),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    uploaded_by: text('uploaded_by'),
    uploaded_by_name: text('uploaded_by_name'),
    removed: boolean('removed').notNull().default(false),
    removed_at: timestamp('removed_at', { withTimezone: true, mode: 'string' }),
    removed_by: text('removed_by'),
    removed_by_name: text('removed_by_name'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updated_by: text('updated_by'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('documents_entity_idx').on(t.entity_type, t.entity_id, t.document_id),
    index('documents_sha256_idx').on(t.sha256),
  ],
);
