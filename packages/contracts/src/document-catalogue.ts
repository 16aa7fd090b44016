// Document constants without zod (issue 20: upload controls import them without the schemas); document.ts
// re-exports everything here.

/** Entities that hold documents; each owning server module declares the function ids to read and write them. */
export const DOCUMENT_ENTITY_TYPES = ['party', 'warehouse', 'booking', 'consolidation', 'invoice'] as const;
export type TDocumentEntityType = (typeof DOCUMENT_ENTITY_TYPES)[number];

/** Document types shipped with the product (lookup area 'document', type 'type'); administrators may add more. */
export const DOCUMENT_TYPES = ['BR', 'TAX', 'CONTRACT', 'BANK', 'CI', 'PL', 'MSDS', 'DGD', 'OTHER'] as const;
/** English names of the shipped document types (the lookup's pvalue; the web app translates by key). */
export const DOCUMENT_TYPE_NAMES: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  BR: 'Business registration',
  TAX: 'Tax certificate',
  CONTRACT: 'Contract',
  BANK: 'Bank proof',
  CI: 'Commercial invoice',
  PL: 'Packing list',
  MSDS: 'Material safety data sheet',
  DGD: 'Dangerous goods declaration',
  OTHER: 'Other',
};
/** Document types offered on a booking's Document Upload tab (MSDS and DGD for dangerous cargo). */
export const BOOKING_DOCUMENT_TYPES = ['CI', 'PL', 'MSDS', 'DGD', 'OTHER'] as const;

/** File types the server accepts unless FILE_ALLOWED_TYPES says otherwise (extensions, lower case). */
export const DEFAULT_FILE_TYPES = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'xlsx',
  'xls',
  'docx',
  'doc',
  'csv',
  'txt',
] as const;
/** Default per-file size limit (FILE_MAX_BYTES): 10 MB. */
export const DEFAULT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest original file name kept (characters). */
export const MAX_FILE_NAME_LENGTH = 255;

/** Multipart field names of an upload: the file and its document type. */
export const UPLOAD_FIELDS = { file: 'file', documentType: 'document_type' } as const;
