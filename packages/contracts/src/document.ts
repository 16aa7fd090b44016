import { z } from 'zod';
import { MSG } from './msg-keys';

export * from './document-catalogue';

/** Path parameters: which entity's documents (any id of 1-64 letters, digits, '_' or '-'). */
export const ZDocumentEntityParams = z.object({
  entity_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, MSG.fieldInvalid)
    .describe('Id of the owning record, e.g. a party_id'),
});
export const ZDocumentIdParams = ZDocumentEntityParams.extend({
  document_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZDocumentListQuery = z.object({
  include_removed: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('true: removed documents too (with who removed them and when)'),
});
export const ZRemoveDocumentQuery = z.object({
  version: z.coerce.number().int().min(1).describe('Version read; a newer one on the server answers 409'),
});

/** One stored document's metadata (the content lives in file storage, addressed by its SHA-256). */
export const ZDocument = z.object({
  document_id: z.number().int(),
  entity_type: z.string(),
  entity_id: z.string(),
  document_type: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  uploaded_by: z.string().nullable(),
  uploaded_by_name: z.string().nullable(),
  uploaded_at: z.string(),
  removed: z.boolean(),
  removed_by: z.string().nullable(),
  removed_by_name: z.string().nullable(),
  removed_at: z.string().nullable(),
  version: z.number().int(),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentListResponse = z.array(ZDocument);

/** Upload limits the web app shows before a user picks a file. */
export const ZDocumentUploadRules = z.object({
  max_bytes: z.number().int(),
  allowed_types: z.array(z.string()),
  virus_scan: z.boolean(),
});
export type TDocumentUploadRules = z.infer<typeof ZDocumentUploadRules>;
