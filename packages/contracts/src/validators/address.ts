import type { z } from 'zod';
import { MSG } from '../msg-keys';

/** Countries whose state must be a 2-letter code (001 §5 Booking: US and CA). */
export const STATE_CODE_COUNTRIES = ['US', 'CA'] as const;

/**
 * First two digits of a Chinese postal code: the province-level area (China Post's postal code plan, as
 * listed in the national postal code directory, 全国邮政编码): 01–02 Inner Mongolia, 03–04 Shanxi,
 * 05–07 Hebei, 10 Beijing, 11–12 Liaoning, 13 Jilin, 15–16 Heilongjiang, 20 Shanghai, 21–22 Jiangsu,
 * 23–24 Anhui, 25–27 Shandong, 30 Tianjin, 31–32 Zhejiang, 33–34 Jiangxi, 35–36 Fujian, 40 Chongqing,
 * 41–42 Hunan, 43–44 Hubei, 45–47 Henan, 51–52 Guangdong, 53–54 Guangxi, 55–56 Guizhou, 57 Hainan,
 * 61–64 Sichuan, 65–67 Yunnan, 71–72 Shaanxi, 73–74 Gansu, 75 Ningxia, 81 Qinghai, 83–84 Xinjiang,
 * 85–86 Tibet. Unassigned prefixes (00, 08, 09, 14, 17–19, 28, 29, 37–39, 48–50, 58–60, 68–70, 76–80, 82,
 * 87–99) are refused; Hong Kong, Macao and Taiwan are their own countries here and have no such codes
 * (China Post's 999077 for Hong Kong and Macao mail is not a mainland address).
 */
const CN_PROVINCE_PREFIX = '(?:0[1-7]|1[0-356]|2[0-7]|3[0-6]|4[0-7]|5[1-7]|6[1-7]|7[1-5]|8[13-6])';

/** ZIP / postal code patterns by country (001 §5); other countries are not checked. */
export const ZIP_PATTERNS: Readonly<Record<string, RegExp>> = {
  // USPS: ZIP (5 digits) or ZIP+4.
  US: /^\d{5}(-\d{4})?$/,
  // Canada Post (Canadian Addressing Guidelines, "Postal code"): A1A 1A1 where the letters D, F, I, O, Q and
  // U are never used and W and Z never start a code (the first letter is the province/region: ABCEGHJ–NP
  // RSTVXY). Written with one space; we also take none or one hyphen, as people type them. Any case.
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  // China Post: 6 digits, the first two a province-level prefix in use (see CN_PROVINCE_PREFIX).
  CN: new RegExp(`^${CN_PROVINCE_PREFIX}\\d{4}$`),
  // Japan Post: 3 digits, a hyphen, 4 digits (NNN-NNNN); the code itself is optional.
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
