/** How a file type is recognised: its MIME type and a check of its first bytes (the "magic"). */
interface FileTypeRule {
  mime: string;
  /** True when the first bytes fit the type; a file whose content is another type is refused. */
  matches: (head: Buffer) => boolean;
}

const startsWith = (bytes: number[]) => (head: Buffer) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
const PDF = startsWith([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
const PNG = startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = startsWith([0xff, 0xd8, 0xff]);
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04]); // OOXML (xlsx, docx) is a zip
const OLE2 = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]); // legacy Office (xls, doc)

/** Text: no NUL bytes and no control characters other than tab, CR, LF, FF (a UTF-8 BOM is fine). */
function isText(head: Buffer): boolean {
  for (const b of head) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f)
      return false;
  }
  return true;
}

/** Every type FILE_ALLOWED_TYPES may name, by extension. OOXML and OLE2 are checked by container only. */
export const KNOWN_FILE_TYPES: Record<string, FileTypeRule> = {
  pdf: { mime: 'application/pdf', matches: PDF },
  png: { mime: 'image/png', matches: PNG },
  jpg: { mime: 'image/jpeg', matches: JPEG },
  jpeg: { mime: 'image/jpeg', matches: JPEG },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: ZIP },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: ZIP },
  xls: { mime: 'application/vnd.ms-excel', matches: OLE2 },
  doc: { mime: 'application/msword', matches: OLE2 },
  csv: { mime: 'text/csv', matches: isText },
  txt: { mime: 'text/plain', matches: isText },
};

/** How many first bytes the checks need (text is checked over this many too). */
export const SNIFF_BYTES = 4096;

/** The extension of a file name, lower case, without the dot ('' when none). */
export const extensionOf = (fileName: string) => /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/**
 * The type of an uploaded file: its extension must be allowed and its first bytes must fit that type, so
 * an executable renamed .pdf is refused. The declared MIME type is not trusted. Null when refused.
 */
export function detectFileType(
  fileName: string,
  head: Buffer,
  allowed: readonly string[],
): { ext: string; mime: string } | null {
  const ext = extensionOf(fileName);
  const rule = allowed.includes(ext) ? KNOWN_FILE_TYPES[ext] : undefined;
  if (!rule?.matches(head)) return null;
  return { ext, mime: rule.mime };
}
