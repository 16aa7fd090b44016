import { z } from 'zod';
import { MSG } from '../msg-keys';

/** EORI (001 §5, §9): 2 capital letters (country) then 1 to 15 alphanumerics, at most 17 characters. */
export const EORI_PATTERN = /^[A-Z]{2}[A-Za-z0-9]{1,15}$/;

/** True for an EORI number of the right shape. */
export const isEori = (value: string): boolean => EORI_PATTERN.test(value);

/** The 27 EU member states (ISO 3166 alpha-2; Greece is GR, not the EL used by some EU systems). */
// biome-ignore format: a compact list of codes
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

/** Countries outside the EU where an EORI is also mandatory: Switzerland, Norway; XI is Northern Ireland. */
export const EORI_EXTRA_COUNTRIES = ['CH', 'NO', 'XI'] as const;

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

/** Zod: an EORI number (format only; whether it is mandatory depends on the party, see eoriRequiredFor). */
export const zEori = z.string().trim().max(17).regex(EORI_PATTERN, MSG.eoriInvalid);
