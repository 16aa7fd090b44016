import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with the given fields and an optional file part (for upload tests). */
export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string },
) {
  const boundary = `----portal${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small valid-looking PDF (enough for the content-type check). */
export const tinyPdf = (text = 'hello') =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
