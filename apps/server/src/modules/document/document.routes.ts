import multipart from '@fastify/multipart';
import {
  STORED_FILE_RESPONSE,
  ZDocument,
  ZDocumentEntityParams,
  ZDocumentIdParams,
  ZDocumentListQuery,
  ZDocumentListResponse,
  ZDocumentUploadRules,
  ZRemoveDocumentQuery,
  ZStatusHistoryResponse,
} from '@portal/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access/access';
import { notFound } from '../../platform/errors/app-error';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { documentOwners } from '../../platform/files/document-owners';
import { FileStore } from '../../platform/files/file-store';
import type { ModuleRoutes } from '../../platform/http/types';
import { presentDocument } from './document.presenter';
import { documentService } from './document.service';
import { multipartOptions, readUpload } from './document.upload';

const tags = ['document'];

/**
 * Documents of any owning record (party, warehouse, later booking): `/Document/{entityType}/{entity_id}`
 * for each declared owner, so each route carries the owner's function id as its access declaration (read
 * for list, download and history; write for upload and remove) and the access test covers them all.
 */
export const documentRoutes: ModuleRoutes = async (app, { db, config }) => {
  const store = new FileStore(config.files);

  app.get(
    '/Document/rules',
    { config: { access: 'profile' }, schema: { tags, response: { 200: ZDocumentUploadRules } } },
    async () => ({
      max_bytes: config.files.maxBytes,
      allowed_types: config.files.allowedTypes,
      virus_scan: config.files.clamd !== null,
    }),
  );

  // Multipart is parsed only inside this scope; the rest of the API stays JSON-only.
  await app.register(async (plain) => {
    await plain.register(multipart, multipartOptions(config.files.maxBytes));
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    for (const owner of documentOwners()) {
      const base = `/Document/${owner.entityType}/:entity_id`;
      const read = { access: { funcId: owner.readFuncId } } as const;
      const write = { access: { funcId: owner.writeFuncId } } as const;
      const ownerTags = [...tags, owner.entityType];

      scope.get(
        base,
        {
          config: read,
          schema: {
            tags: ownerTags,
            summary: `Documents of a ${owner.entityType}`,
            params: ZDocumentEntityParams,
            querystring: ZDocumentListQuery,
            response: { 200: ZDocumentListResponse },
          },
        },
        async (req) => {
          await documentService.assertEntity(db, owner, req.params.entity_id, requireActor(req));
          const rows = await documentService.list(db, owner, req.params.entity_id, req.query.include_removed);
          return rows.map(presentDocument);
        },
      );

      scope.post(
        base,
        {
          config: write,
          schema: {
            tags: ownerTags,
            summary: `Upload a document to a ${owner.entityType} (multipart: file, document_type)`,
            consumes: ['multipart/form-data'],
            params: ZDocumentEntityParams,
            response: { 201: ZDocument },
          },
        },
        async (req, reply) => {
          const actor = requireActor(req);
          await documentService.assertEntity(db, owner, req.params.entity_id, actor);
          const parts = await readUpload(req, store);
          const row = await documentService.upload({
            db,
            store,
            owner,
            entityId: req.params.entity_id,
            ...parts,
            actor,
          });
          return reply.status(201).send(presentDocument(row));
        },
      );

      scope.get(
        `${base}/history`,
        {
          config: read,
          schema: {
            tags: ownerTags,
            params: ZDocumentEntityParams,
            response: { 200: ZStatusHistoryResponse },
          },
        },
        async (req) => {
          await documentService.assertEntity(db, owner, req.params.entity_id, requireActor(req));
          return documentService.history(db, owner, req.params.entity_id);
        },
      );

      scope.get(
        `${base}/:document_id/download`,
        {
          config: read,
          schema: { tags: ownerTags, params: ZDocumentIdParams, response: { 200: STORED_FILE_RESPONSE } },
        },
        async (req, reply) => {
          await documentService.assertEntity(db, owner, req.params.entity_id, requireActor(req));
          const row = await documentService.get(db, owner, req.params.entity_id, req.params.document_id);
          if (!(await store.has(row.sha256))) {
            req.log.error({ document_id: row.document_id, sha256: row.sha256 }, 'stored file missing');
            throw notFound();
          }
          return reply
            .header('content-type', row.content_type)
            .header('content-length', row.size_bytes)
            .header('content-disposition', attachmentDisposition(row.file_name))
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, no-store')
            .send(store.read(row.sha256));
        },
      );

      scope.delete(
        `${base}/:document_id`,
        {
          config: write,
          schema: {
            tags: ownerTags,
            params: ZDocumentIdParams,
            querystring: ZRemoveDocumentQuery,
            response: { 200: ZDocument },
          },
        },
        async (req) => {
          await documentService.assertEntity(db, owner, req.params.entity_id, requireActor(req));
          return presentDocument(
            await documentService.remove({
              db,
              owner,
              entityId: req.params.entity_id,
              id: req.params.document_id,
              version: req.query.version,
              actor: requireActor(req),
            }),
          );
        },
      );
    }
  });
};
