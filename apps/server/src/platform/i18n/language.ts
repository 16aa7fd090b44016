import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';

/** The caller's language: `lang` query parameter, else Accept-Language, else en-US. */
export function requestLanguage(request: FastifyRequest): Language {
  const q = (request.query as Record<string, unknown> | undefined)?.lang;
  if (typeof q === 'string' && (LANGUAGES as readonly string[]).includes(q)) return q as Language;
  const header = request.headers['accept-language'] ?? '';
  if (/zh-(HK|TW|Hant)/i.test(header)) return 'zh-HK';
  if (/zh/i.test(header)) return 'zh-CN';
  return DEFAULT_LANGUAGE;
}

/** Labels in the three languages, for text the server itself writes (export headers, e-mails). */
export type Labels = Record<Language, string>;
