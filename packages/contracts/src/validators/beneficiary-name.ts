import { z } from 'zod';
import { MSG } from '../msg-keys';

/*
 * Beneficiary name (001 §5 Party, bank): the spec only says "excludes special characters". We allow what
 * SWIFT FIN payment messages carry (the SWIFT "x" character set): A–Z, a–z, 0–9, space and / - ? : ( ) . , ' +
 * Everything else is refused, i.e. ! " # $ % & * ; < = > @ [ \ ] ^ _ ` { | } ~, line breaks and tabs, and any
 * non-ASCII character (accents, Chinese), since banks reject or mangle them in cross-border transfers.
 */
export const BENEFICIARY_NAME_ALLOWED = /^[A-Za-z0-9 /\-?:().,'+]*$/;
const DISALLOWED_CHAR = /[^A-Za-z0-9 /\-?:().,'+]/g;

/** The distinct characters of `name` that a beneficiary name may not contain, in order of appearance. */
export function beneficiaryNameDisallowedChars(name: string): string[] {
  return [...new Set(name.match(DISALLOWED_CHAR) ?? [])];
}

/** True when the beneficiary name has no special characters. */
export const isBeneficiaryName = (name: string): boolean => BENEFICIARY_NAME_ALLOWED.test(name);

/** Zod: a beneficiary name without special characters. */
export const zBeneficiaryName = z.string().trim().regex(BENEFICIARY_NAME_ALLOWED, MSG.beneficiaryNameInvalid);
