import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { lookupValues } from '../lookup';
import { documents } from './document.tables';

export type DocumentRow = typeof documents.$inferSelect;

/** Document metadata queries. */
export const documentRepository = {
  /** An entity's documents, newest first; removed ones only when asked. */
  list(db: DbOrTx, entityType: string, entityId: string, includeRemoved: boolean) {
    const owner = and(eq(documents.entity_type, entityType), eq(documents.entity_id, entityId));
    return db
      .select()
      .from(documents)
      .where(includeRemoved ? owner : and(owner, eq(documents.removed, false)))
      .orderBy(desc(documents.document_id))
      .limit(1000);
  },

  async byId(db: DbOrTx, entityType: string, entityId: string, id: number, forUpdate = false) {
    const query = db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.document_id, id),
          eq(documents.entity_type, entityType),
          eq(documents.entity_id, entityId),
        ),
      );
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** A live document of the entity with the same content and type (a repeated upload). */
  async sameContent(db: DbOrTx, v: { entityType: string; entityId: string; sha256: string; type: string }) {
    const [row] = await db
      .select({ document_id: documents.document_id })
      .from(documents)
      .where(
        and(
          eq(documents.entity_type, v.entityType),
          eq(documents.entity_id, v.entityId),
          eq(documents.sha256, v.sha256),
          eq(documents.document_type, v.type),
          eq(documents.removed, false),
        ),
      )
      .limit(1);
    return row;
  },

  /** Live document types of an entity (for rules such as "an uploaded document of the required type"). */
  async liveTypes(db: DbOrTx, entityType: string, entityId: string) {
    const rows = await db
      .selectDistinct({ type: documents.document_type })
      .from(documents)
      .where(
        and(
          eq(documents.entity_type, entityType),
          eq(documents.entity_id, entityId),
          eq(documents.removed, false),
        ),
      );
    return rows.map((r) => r.type);
  },

  /** True when the key is a document type of the lookup (area 'document', type 'type'). */
  async isDocumentType(db: DbOrTx, key: string) {
    const [row] = await db
      .select({ pkey: lookupValues.pkey })
      .from(lookupValues)
      .where(
        and(eq(lookupValues.area, 'document'), eq(lookupValues.type, 'type'), eq(lookupValues.pkey, key)),
      )
      .limit(1);
    return !!row;
  },

  async insert(db: DbOrTx, values: typeof documents.$inferInsert) {
    const [row] = await db.insert(documents).values(values).returning();
    return row;
  },

  /** Marks a document removed when the stored version is still `version`; undefined otherwise. */
  async removeIfVersion(db: DbOrTx, id: number, version: number, by: { login: string; name: string }) {
    const [row] = await db
      .update(documents)
      .set({
        removed: true,
        removed_at: sql`now()`,
        removed_by: by.login,
        removed_by_name: by.name,
        updated_at: sql`now()`,
        updated_by: by.login,
        version: sql`${documents.version} + 1`,
      })
      .where(and(eq(documents.document_id, id), eq(documents.version, version), eq(documents.removed, false)))
      .returning();
    return row;
  },
};
