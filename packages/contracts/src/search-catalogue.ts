// Document-number normalising without zod (issue 20: the shell's global search imports it without the schemas).
// search.ts re-exports everything here.

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
