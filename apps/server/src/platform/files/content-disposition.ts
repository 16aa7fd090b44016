/**
 * `Content-Disposition: attachment` with the original file name: a plain ASCII `filename` for old clients
 * and the exact name as RFC 5987 / RFC 6266 `filename*=UTF-8''…` (browsers prefer it).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A safe original file name: the last path segment, no control characters, at most `max` characters. */
export function cleanFileName(raw: string, max: number): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= max) return clean;
  const ext = /\.[^.]{1,10}$/.exec(clean)?.[0] ?? '';
  return clean.slice(0, max - ext.length) + ext;
}
