import { EMAIL_PLACEHOLDER } from '@portal/contracts';

/** A rendered mail: the subject (one line), the plain text body and the escaped HTML body. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** HTML-escapes a text: nothing from a template or a value ever becomes markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The value of one placeholder: only the event's own parameters (Object.hasOwn), so `{{constructor}}` or
 * `{{toString}}` never renders what an object inherits (a function's source, `[object Object]`).
 */
const value = (params: Record<string, unknown>, name: string) => {
  if (!Object.hasOwn(params, name)) return '';
  const v = params[name];
  return v === null || v === undefined ? '' : String(v);
};

/** Fills {{placeholders}} as plain text (a missing value is empty). */
export function fillText(template: string, params: Record<string, unknown>): string {
  return template.replace(EMAIL_PLACEHOLDER, (_m, name: string) => value(params, name));
}

/**
 * Fills as HTML: the template text and every value are escaped, an http(s) value becomes a link, line
 * breaks become <br>.
 */
export function fillHtml(template: string, params: Record<string, unknown>): string {
  let out = '';
  let last = 0;
  for (const m of template.matchAll(EMAIL_PLACEHOLDER)) {
    out += escapeHtml(template.slice(last, m.index));
    const v = value(params, m[1]);
    out += /^https?:\/\/[^\s"'<>]+$/.test(v)
      ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>`
      : escapeHtml(v);
    last = (m.index ?? 0) + m[0].length;
  }
  out += escapeHtml(template.slice(last));
  return out.replace(/\r?\n/g, '<br>\n');
}

/** Renders subject and body; the subject is kept to one line (no header injection through a value). */
export function renderTemplate(
  subject: string,
  body: string,
  subjectParams: Record<string, unknown>,
  bodyParams: Record<string, unknown>,
): RenderedEmail {
  return {
    subject: fillText(subject, subjectParams)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    text: fillText(body, bodyParams),
    html: `<div style="font-family: Arial, sans-serif; font-size: 14px">${fillHtml(body, bodyParams)}</div>`,
  };
}
