import { z } from 'zod';
import { MSG } from '../msg-keys';

import { EORI_EXTRA_COUNTRIES, EU_MEMBER_STATES } from './eori-countries';

export { EORI_EXTRA_COUNTRIES, EU_MEMBER_STATES };

/** Party types that need an EORI in those countries (001 §5 Party). */
export const EORI_PARTY_TYPES = ['AGENT', 'CONSIGNEE'] as const;

/**
 * Northern Ireland: the country code XI (the EU customs code for Northern Ireland, also the EORI prefix),
 * or GB with a postcode in the BT area (every Northern Ireland postcode starts with BT followed by a digit).
 */
export function isNorthernIreland(countryCode: string, postcode?: string | null): boolean {
  const cc = countryCode.trim().toUpperCase();
  if (cc === 'XI') return true;
  return cc === 'GB' && /^BT\d/i.test((postcode ?? '').trim());
}

/**
 * True when a party of this type in this country must have an EORI: AGENT and CONSIGNEE in the EU
 * member states, CH, NO and Northern Ireland (XI, or GB with a BT postcode).
 */
export function eoriRequiredFor(countryCode: string, partyType: string, postcode?: string | null): boolean {
  if (!(EORI_PARTY_TYPES as readonly string[]).includes(partyType.trim().toUpperCase())) return false;
  const cc = countryCode.trim().toUpperCase();
  return (
    (EU_MEMBER_STATES as readonly string[]).includes(cc) ||
    (EORI_EXTRA_COUNTRIES as readonly string[]).includes(cc) ||
    isNorthernIreland(cc, postcode)
  );
}

/**
 * EORI numbers (001 §5, §9; the EU's EORI rules, Regulation (EU) 952/2013 art. 9 and its implementing acts):
 * - EU member states: the issuing state's ISO code (Greece GR) then up to 15 letters or digits, at most 17
 *   characters; each state fills the 15 its own way (often its VAT or trader number), so only the prefix and
 *   the length are common ground. Switzerland and Norway issue no EORI numbers: their traders hold one from
 *   an EU state, so CH/NO are not prefixes even though their parties need an EORI (eoriRequiredFor).
 * - United Kingdom (GB) and Northern Ireland (XI): the prefix then 12 digits (VAT-based, usually ending 000,
 *   e.g. GB123456789000) or 15 digits (HMRC's format; the same `^(GB|XI)([0-9]{12}|[0-9]{15})$` the UK
 *   government's own export services check).
 * Capitals only: the zod schemas upper-case first.
 */
const EU_EORI = /^([A-Z]{2})[A-Z0-9]{1,15}$/;
const UK_EORI = /^(GB|XI)(\d{12}|\d{15})$/;

/** True for an EORI number of a member state, GB or XI in that state's format. */
export function isEori(value: string): boolean {
  const prefix = value.slice(0, 2);
  if (prefix === 'GB' || prefix === 'XI') return UK_EORI.test(value);
  return EU_EORI.test(value) && (EU_MEMBER_STATES as readonly string[]).includes(prefix);
}

/** Zod: an EORI number, upper-cased (whether it is mandatory depends on the party, see eoriRequiredFor). */
export const zEori = z.string().trim().toUpperCase().max(17, MSG.eoriInvalid).refine(isEori, MSG.eoriInvalid);

/** Zod: an optional EORI number, upper-cased; blank, null and missing become null. */
export const zOptEori = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isEori(v), MSG.eoriInvalid)
  .nullish()
  .transform((v) => (v ? v : null));
