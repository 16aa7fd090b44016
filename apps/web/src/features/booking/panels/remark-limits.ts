import { BOOKING_MSG, type TRemarkLimits } from '@portal/contracts';

/** A problem with a remark before it is sent: the message key of the server's own check and its params. */
export interface RemarkProblem {
  msgKey: string;
  params: { max: number };
}

/** Bytes of a data: URI's content (base64 or percent-encoded). */
export function dataUriBytes(uri: string): number {
  const comma = uri.indexOf(',');
  if (comma < 0) return 0;
  const meta = uri.slice(5, comma);
  const body = uri.slice(comma + 1);
  if (/;base64$/i.test(meta)) {
    const clean = body.replace(/\s+/g, '');
    const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
    return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
  }
  try {
    return new TextEncoder().encode(decodeURIComponent(body)).length;
  } catch {
    return body.length;
  }
}

/** Every data: image source in the HTML. */
export const imageSources = (html: string): string[] =>
  [...html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(["'])(data:[^"']*)\1/gi)].map((m) => m[2]);

/** The problem of one image (by its size in bytes), or null. */
export function imageProblem(bytes: number, limits: TRemarkLimits): RemarkProblem | null {
  return bytes > limits.imageMaxKb * 1024
    ? { msgKey: BOOKING_MSG.remarkImageTooLarge, params: { max: limits.imageMaxKb } }
    : null;
}

/**
 * The first problem with a remark against the configured limits (001 §5): the text length, each image's
 * size, then the whole HTML's size; null when it may be sent. The server checks the same again.
 */
export function remarkProblem(html: string, text: string, limits: TRemarkLimits): RemarkProblem | null {
  if (text.length > limits.textMaxChars)
    return { msgKey: BOOKING_MSG.remarkTextTooLong, params: { max: limits.textMaxChars } };
  for (const src of imageSources(html)) {
    const p = imageProblem(dataUriBytes(src), limits);
    if (p) return p;
  }
  if (new TextEncoder().encode(html).length > limits.htmlMaxMb * 1024 * 1024)
    return { msgKey: BOOKING_MSG.remarkTooLarge, params: { max: limits.htmlMaxMb } };
  return null;
}
