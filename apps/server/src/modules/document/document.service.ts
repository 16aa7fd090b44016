import { MSG } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors/app-error';
import type { DocumentOwner } from '../../platform/files/document-owners';
import type { FileStore, ReceivedFile } from '../../platform/files/file-store';
import { documentRepository as repo } from './document.repository';

/** The status_history entity under which an owner's document uploads and removals are written. */
export const historyEntity = (entityType: string) => `${entityType}.document`;
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

/** Document rules: uploads checked and stored once by content, soft removal, an upload history. */
export const documentService = {
  /** 404 unless the owning record exists and the actor may see it. */
  async assertEntity(db: DbOrTx, owner: DocumentOwner, entityId: string, actor: Actor) {
    if (!(await owner.exists(db, entityId, actor))) throw notFound();
  },

  list: (db: DbOrTx, owner: DocumentOwner, entityId: string, includeRemoved: boolean) =>
    repo.list(db, owner.entityType, entityId, includeRemoved),

  /** A live document of the entity, for download (a removed one is no longer served). */
  async get(db: DbOrTx, owner: DocumentOwner, entityId: string, id: number) {
    const row = await repo.byId(db, owner.entityType, entityId, id);
    if (!row || row.removed) throw notFound();
    return row;
  },

  history: (db: DbOrTx, owner: DocumentOwner, entityId: string) =>
    listHistory(db, historyEntity(owner.entityType), entityId),

  /**
   * Stores a received upload for an entity: the document type must be one of the lookup's (400), the
   * file must pass size, type and virus checks (413, 415, 422, 503), and the same content with the same
   * type must not be attached twice (409). The file is kept first, then its metadata and a history entry
   * are written in one transaction; a failed insert leaves only an unreferenced stored content, which a
   * later identical upload reuses. Any refusal removes the temporary file: nothing is stored.
   */
  async upload({
    db,
    store,
    owner,
    entityId,
    file,
    fileName,
    documentType,
    actor,
  }: {
    db: Db;
    store: FileStore;
    owner: DocumentOwner;
    entityId: string;
    file: ReceivedFile;
    fileName: string;
    documentType: string;
    actor: Actor;
  }) {
    try {
      const contentType = store.verify(file, fileName);
      if (!documentType) throw badRequest([{ field: 'document_type', msgKey: MSG.fieldRequired }]);
      if (!(await repo.isDocumentType(db, documentType))) {
        throw badRequest([{ field: 'document_type', msgKey: MSG.documentTypeUnknown }]);
      }
      const same = { entityType: owner.entityType, entityId, sha256: file.sha256, type: documentType };
      if (await repo.sameContent(db, same)) {
        throw new AppError(409, MSG.documentDuplicate, { params: { fileName } });
      }
      await store.scan(file);
      await store.keep(file);
      return await db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          entity_type: owner.entityType,
          entity_id: entityId,
          document_type: documentType,
          file_name: fileName,
          content_type: contentType,
          size_bytes: file.size,
          sha256: file.sha256,
          uploaded_by: actor.login_id,
          uploaded_by_name: actorName(actor),
          updated_by: actor.login_id,
        });
        await recordHistory(tx, {
          entityType: historyEntity(owner.entityType),
          entityId,
          action: 'document_upload',
          changes: diffFields(null, { document_type: documentType, file_name: fileName }),
          actor: who(actor),
        });
        return row;
      });
    } finally {
      // kept files were renamed away already; this removes the temporary file of a refused one
      await store.discard(file);
    }
  },

  /** Soft-removes a document read at `version` (409 when it changed or is already removed). */
  async remove({
    db,
    owner,
    entityId,
    id,
    version,
    actor,
  }: {
    db: Db;
    owner: DocumentOwner;
    entityId: string;
    id: number;
    version: number;
    actor: Actor;
  }) {
    return db.transaction(async (tx) => {
      const before = await repo.byId(tx, owner.entityType, entityId, id, true);
      if (!before) throw notFound();
      if (before.removed || before.version !== version) throw conflict();
      const row = await repo.removeIfVersion(tx, id, version, {
        login: actor.login_id,
        name: actorName(actor),
      });
      if (!row) throw conflict();
      await recordHistory(tx, {
        entityType: historyEntity(owner.entityType),
        entityId,
        action: 'document_remove',
        changes: diffFields(
          { document_type: before.document_type, file_name: before.file_name },
          { document_type: null, file_name: null },
        ),
        actor: who(actor),
      });
      return row;
    });
  },

  /** The required document types an entity does not have yet (e.g. before a booking is approved, 001 §5). */
  async missingTypes(db: DbOrTx, entityType: string, entityId: string, required: readonly string[]) {
    const have = new Set(await repo.liveTypes(db, entityType, entityId));
    return required.filter((t) => !have.has(t));
  },
};
