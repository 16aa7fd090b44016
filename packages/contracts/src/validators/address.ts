import type { z } from 'zod';
import { MSG } from '../msg-keys';

/** Countries whose state must be a 2-letter code (001 §5 Booking: US and CA). */
export const STATE_CODE_COUNTRIES = ['US', 'CA'] as const;

/** ZIP / postal code patterns by country (001 §5); other countries are not checked. */
export const ZIP_PATTERNS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  // Canada: letter-digit-letter, an optional space, digit-letter-digit (A1A 1A1).
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
  CN: /^\d{6}$/,
  // Japan: 3 digits, a hyphen, 4 digits (NNN-NNNN); the code itself is optional.
  JP: /^\d{3}-\d{4}$/,
};

/** Countries where an empty ZIP is refused (JP's is optional; other countries are not checked). */
export const ZIP_REQUIRED_COUNTRIES = ['US', 'CA', 'CN'] as const;

const cc = (countryCode: string | null | undefined) => (countryCode ?? '').trim().toUpperCase();

/** True when the state fits the country: 2 letters for US and CA, anything elsewhere. */
export function isValidState(
  countryCode: string | null | undefined,
  state: string | null | undefined,
): boolean {
  if (!(STATE_CODE_COUNTRIES as readonly string[]).includes(cc(countryCode))) return true;
  return /^[A-Za-z]{2}$/.test((state ?? '').trim());
}

/** True when the ZIP fits the country's pattern (US, CA, CN required; JP optional; others unchecked). */
export function isValidZip(countryCode: string | null | undefined, zip: string | null | undefined): boolean {
  const c = cc(countryCode);
  const z = (zip ?? '').trim();
  const pattern = ZIP_PATTERNS[c];
  if (!pattern) return true;
  if (z === '') return !(ZIP_REQUIRED_COUNTRIES as readonly string[]).includes(c);
  return pattern.test(z);
}

/**
 * A zod superRefine for an object with country, state and ZIP fields: reports msgStateInvalid and
 * msgZipInvalid on the field itself, so a form shows them where the user typed.
 */
export function refineStateAndZip<K extends string>(fields: { country: K; state?: K; zip?: K }) {
  return (value: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const str = (k: K | undefined) => (k && typeof value[k] === 'string' ? (value[k] as string) : '');
    const country = str(fields.country);
    if (fields.state && !isValidState(country, str(fields.state)))
      ctx.addIssue({ code: 'custom', path: [fields.state], message: MSG.stateInvalid });
    if (fields.zip && !isValidZip(country, str(fields.zip)))
      ctx.addIssue({ code: 'custom', path: [fields.zip], message: MSG.zipInvalid });
  };
}
