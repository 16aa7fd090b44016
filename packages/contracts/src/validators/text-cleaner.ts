/**
 * The text cleaner of 000 §5. Allowed after cleaning: A–Z, 0–9, space and . , - / & ( ) '
 * (the characters that pass customs filings such as AMS/ISF and EDI messages). Accents are removed first
 * ("Café" → "CAFE"), other whitespace (tabs, line breaks) becomes a space, everything else is dropped.
 * It does not trim, so it can run on every keystroke.
 */
export const CLEAN_TEXT_DISALLOWED = /[^A-Z0-9 .,\-/&()']/g;

/** Upper-cases and strips every character outside the allowed set (see CLEAN_TEXT_DISALLOWED). */
export function cleanText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s/g, ' ')
    .replace(CLEAN_TEXT_DISALLOWED, '');
}
