import { electronicFormatIBAN, getCountrySpecifications, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { MSG } from '../msg-keys';

/**
 * BIC (ISO 9362), checked by ibantools: bank (4 letters), an ISO 3166 country that exists (5th-6th
 * characters), location (2 alnum), optional branch (3 alnum). Capitals only: zod upper-cases first.
 */
export const isBic = (value: string): boolean => /^[A-Z0-9]+$/.test(value) && isValidBIC(value);

/** Zod: a BIC, upper-cased before the check. */
export const zBic = z.string().trim().toUpperCase().refine(isBic, MSG.bicInvalid);

/** Zod: an optional BIC, upper-cased; blank, null and missing become null. */
export const zOptBic = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isBic(v), MSG.bicInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

/** Countries in the SWIFT IBAN registry (ibantools' country specifications). */
export const isIbanCountry = (countryCode: string): boolean =>
  getCountrySpecifications()[countryCode.toUpperCase()]?.IBANRegistry === true;

/**
 * True for an IBAN in electronic format (no spaces, capitals): a registry country, that country's length and
 * BBAN format, and the ISO 7064 mod-97 check digits (ibantools).
 */
export const isIban = (value: string): boolean => /^[A-Z0-9]+$/.test(value) && isValidIBAN(value);

/** "nl91 abna 0417-1643 00" → "NL91ABNA0417164300" (how IBANs are stored and compared). */
export const ibanElectronic = (value: string): string => electronicFormatIBAN(value) ?? '';

/**
 * When a bank account number must be an IBAN (the party Bank tab): when it is written like one (the code
 * of an IBAN registry country and two check digits), or when the bank's BIC is in an IBAN registry
 * country (banks there take international transfers only to IBANs). Other account numbers (Hong Kong,
 * China, the US, …) stay free text.
 */
export function ibanExpected(accountNo: string, bic?: string | null): boolean {
  const electronic = ibanElectronic(accountNo);
  if (/^[A-Z]{2}\d{2}/.test(electronic) && isIbanCountry(electronic.slice(0, 2))) return true;
  return !!bic && bic.length >= 6 && isIbanCountry(bic.slice(4, 6));
}
