import { BOOKING_MSG, MSG } from '@portal/contracts';
import sanitizeHtml from 'sanitize-html';
import { AppError, badRequest } from '../../platform/errors/app-error';
import { assertVirusFree } from '../../platform/files/file-store';
import type { FilesConfig } from '../../platform/files/files-config';

/** Remark limits from configuration (001 §5 "values come from configuration"). */
export interface RemarkLimits {
  imageMaxKb: number;
  htmlMaxMb: number;
  textMaxChars: number;
}

/** Inline images: data: URIs of these types only (no remote images, no SVG with its scripts). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=\s]+)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  // An image whose source is not an allowed inline picture is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !DATA_IMAGE.test(frame.attribs.src ?? ''),
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The remark's visible text (tags removed, entities decoded). */
export function remarkText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .trim();
}

/** Decoded size in bytes of a base64 payload. */
const base64Bytes = (b64: string) => {
  const s = b64.replace(/\s/g, '');
  return Math.floor((s.length * 3) / 4) - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);
};

/**
 * Checks a remark against the limits and answers its sanitised HTML: 413 msgRemarkTooLarge (whole HTML,
 * {max} MB), 413 msgRemarkImageTooLarge (one image, {max} KB), 400 msgRemarkTextTooLong ({max} chars),
 * 400 msgFieldRequired when nothing is left after sanitising.
 */
export function sanitizeRemark(raw: string, limits: RemarkLimits): string {
  if (Buffer.byteLength(raw, 'utf8') > limits.htmlMaxMb * 1024 * 1024) {
    throw new AppError(413, BOOKING_MSG.remarkTooLarge, { params: { max: limits.htmlMaxMb } });
  }
  const html = sanitizeHtml(raw, OPTIONS).trim();
  for (const m of html.matchAll(/<img[^>]+src="data:image\/[a-z]+;base64,([^"]+)"/g)) {
    if (base64Bytes(m[1]) > limits.imageMaxKb * 1024) {
      throw new AppError(413, BOOKING_MSG.remarkImageTooLarge, { params: { max: limits.imageMaxKb } });
    }
  }
  const text = remarkText(html);
  if ([...text].length > limits.textMaxChars) {
    throw new AppError(400, BOOKING_MSG.remarkTextTooLong, {
      params: { max: limits.textMaxChars },
      details: [
        { field: 'html', msgKey: BOOKING_MSG.remarkTextTooLong, params: { max: limits.textMaxChars } },
      ],
    });
  }
  if (!text && !/<img\s/.test(html)) throw badRequest([{ field: 'html', msgKey: MSG.fieldRequired }]);
  return html;
}

/**
 * sanitizeRemark, then the virus scan every stored upload gets, on each inline image's decoded bytes
 * (422 msgVirusDetected, 503 msgVirusScanUnavailable): an image inside remark HTML is a stored user file.
 */
export async function sanitizeScannedRemark(
  raw: string,
  limits: RemarkLimits,
  clamd: FilesConfig['clamd'],
): Promise<string> {
  const html = sanitizeRemark(raw, limits);
  if (!clamd) return html;
  for (const m of html.matchAll(/<img[^>]+src="data:image\/[a-z]+;base64,([^"]+)"/g)) {
    await assertVirusFree(clamd, { bytes: Buffer.from(m[1].replace(/\s/g, ''), 'base64') });
  }
  return html;
}
