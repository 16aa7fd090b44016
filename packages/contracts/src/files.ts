import { z } from 'zod';

// The answers of the file downloads, for the API description: a route that sends a file declares its content
// types (the response schema of a JSON route describes its body; issue 41). The body is sent as it is.

/** A file's bytes (PDF, workbook, attachment). */
export const ZFileBody = z.unknown().meta({ type: 'string', format: 'binary' });

export const CONTENT_TYPE_PDF = 'application/pdf';
export const CONTENT_TYPE_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A response declaring a file download of the given content types. */
export function fileResponse(description: string, ...contentTypes: [string, ...string[]]) {
  return {
    description,
    content: Object.fromEntries(contentTypes.map((t) => [t, { schema: ZFileBody }])),
  };
}

/** An Excel export (platform/export/excel.ts). */
export const EXCEL_FILE_RESPONSE = fileResponse('Excel workbook (.xlsx)', CONTENT_TYPE_XLSX);
/** A stored file (an upload, a mail attachment) in the content type it was stored with. */
export const STORED_FILE_RESPONSE = fileResponse('The stored file, in its own content type', '*/*');
/** A CSV file. */
export const CSV_FILE_RESPONSE = fileResponse('CSV file', 'text/csv');
/** A printed document. */
export const PDF_FILE_RESPONSE = fileResponse('PDF document', CONTENT_TYPE_PDF);
/** A public document's name in the path (GET /File/DownloadPublicFile/:filename: a whitelist of PDFs). */
export const ZPublicFileParams = z.object({ filename: z.string().max(200) });
/** A DCSA document as a JSON file download. */
export const dcsaJsonFileResponse = (description: string) =>
  ({
    description,
    content: { 'application/json': { schema: z.unknown().meta({ type: 'object' }) } },
  }) as const;

/** The answer of a route that answers 204 with no body (a removal). */
export const NO_CONTENT_RESPONSE = z.unknown().meta({ type: 'null', description: 'No content' });
