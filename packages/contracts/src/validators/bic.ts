import { z } from 'zod';
import { MSG } from '../msg-keys';

/** BIC (ISO 9362): bank (4 letters), country (2 letters), location (2 alnum), optional branch (3 alnum). */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** True for an 8- or 11-character BIC in capitals. */
export const isBic = (value: string): boolean => BIC_PATTERN.test(value);

/** Zod: a BIC, upper-cased before the check. */
export const zBic = z.string().trim().toUpperCase().regex(BIC_PATTERN, MSG.bicInvalid);
