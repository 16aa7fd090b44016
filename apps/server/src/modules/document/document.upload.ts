import { MAX_FILE_NAME_LENGTH, MSG, UPLOAD_FIELDS } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors/app-error';
import { cleanFileName } from '../../platform/files/content-disposition';
import type { FileStore, ReceivedFile } from '../../platform/files/file-store';
import { assertNoNul } from '../../platform/http/nul-guard';

/** A multipart upload read from the request: the file (already streamed to a temporary file) and its fields. */
export interface UploadParts {
  file: ReceivedFile;
  fileName: string;
  documentType: string;
}

/** Options for @fastify/multipart: one file cut at the size limit (not thrown: the store answers 413). */
export const multipartOptions = (maxBytes: number) => ({
  throwFileSizeLimit: false,
  limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
});

/**
 * Reads `multipart/form-data` with one `file` part and a `document_type` field, in any order. The file
 * streams straight into the store's temporary folder (never into memory); past FILE_MAX_BYTES busboy
 * cuts it and the store marks it too large (limits: `multipartOptions`). Other fields are ignored; a second file answers 413.
 */
export async function readUpload(req: FastifyRequest, store: FileStore): Promise<UploadParts> {
  if (!req.isMultipart()) throw new AppError(415, MSG.unsupportedMediaType);
  let file: ReceivedFile | null = null;
  let fileName = '';
  let documentType = '';
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FIELDS.file || file) {
          part.file.resume();
          continue;
        }
        fileName = cleanFileName(part.filename ?? '', MAX_FILE_NAME_LENGTH);
        file = await store.receive(part.file);
      } else if (part.fieldname === UPLOAD_FIELDS.documentType) {
        // multipart fields bypass the JSON pipeline's NUL guard (platform/http/nul-guard)
        documentType = assertNoNul(String(part.value ?? '').trim(), UPLOAD_FIELDS.documentType);
      }
    }
  } catch (e) {
    if (file) await store.discard(file);
    throw e;
  }
  if (!file || !fileName) {
    if (file) await store.discard(file);
    throw badRequest([{ field: UPLOAD_FIELDS.file, msgKey: MSG.fileRequired }], MSG.fileRequired);
  }
  return { file, fileName, documentType };
}
