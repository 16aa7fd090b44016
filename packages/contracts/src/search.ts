import { z } from 'zod';

/**
 * Global search over the document-number index (docs/search.md). A number is found with its spaces, dashes
 * and case ignored: these characters are dropped before upper-casing, on the server (index and query) and on
 * the web (highlighting the matched part).
 */
export const DOCUMENT_NUMBER_STRIPPED =
  ' \t\n\r\u00a0\u3000-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uff0d';
const STRIPPED_SET = new Set(DOCUMENT_NUMBER_STRIPPED);

/** Upper case, spaces and dashes removed: 'msku-123 4567' and 'MSKU1234567' are the same number. */
export function normaliseDocumentNumber(value: string): string {
  let out = '';
  for (const c of value) if (!STRIPPED_SET.has(c)) out += c;
  return out.toUpperCase();
}

/**
 * How many characters of `number` (as written) the normalised query covers from its start: the part to
 * highlight. 0 when the number does not start with the query.
 */
export function matchedPrefixLength(number: string, query: string): number {
  const q = normaliseDocumentNumber(query);
  if (!q) return 0;
  let seen = '';
  let i = 0;
  for (const c of number) {
    i += c.length;
    if (STRIPPED_SET.has(c)) continue;
    seen += c.toUpperCase();
    if (seen.length >= q.length) return seen.startsWith(q) ? i : 0;
  }
  return 0;
}

/** Search input: at least one character that is not a space or dash after normalising (checked by the server). */
export const ZSearchDocumentsQuery = z.object({
  q: z.string().max(100).describe('number prefix; case, spaces and dashes are ignored'),
  limit: z.coerce.number().int().min(1).max(50).default(20).describe('most hits in the answer (all kinds)'),
});
export type TSearchDocumentsQuery = z.infer<typeof ZSearchDocumentsQuery>;

export const ZSearchHit = z.object({
  kind: z.string(),
  id: z.string(),
  /** The document's own number (the title). */
  display_no: z.string(),
  /** Which number matched ('so_no', 'container_no', 'party_code', ...). */
  field: z.string(),
  /** The matched number as written on the document. */
  number: z.string(),
  status: z.string().nullable(),
  subtitle: z.string().nullable(),
  /** Key dates by name ('etd', 'eta', ...), ISO dates. */
  dates: z.record(z.string(), z.string().nullable()),
  /** Web path that opens the document. */
  href: z.string(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchDocumentsResponse = z.object({
  /** The normalised query the index was searched with. */
  normalised: z.string(),
  /** Hits grouped by kind, groups in the kinds' order, hits by number within a group. */
  groups: z.array(z.object({ kind: z.string(), hits: z.array(ZSearchHit) })),
});
export type TSearchDocumentsResponse = z.infer<typeof ZSearchDocumentsResponse>;
