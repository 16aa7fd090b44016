import { z } from 'zod';
import { MSG } from '../msg-keys';

/*
 * ID formats of 000 §5 (N = digit, X = capital letter or digit):
 * - EIN NN-NNNNNNNXX: the IRS number (2 digits, hyphen, 7 digits) with the 2-character suffix US customs adds
 *   to it in importer numbers; the suffix is required.
 * - CBP NNNNNN-NNNNN: a CBP-assigned importer number.
 * - SSN NNN-NN-NNNN.
 * - Passport: 1 to 12 letters or digits.
 */
export const EIN_PATTERN = /^\d{2}-\d{7}[A-Z0-9]{2}$/;
export const CBP_PATTERN = /^\d{6}-\d{5}$/;
export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;
export const PASSPORT_PATTERN = /^[A-Za-z0-9]{1,12}$/;

/** True for an EIN in the form NN-NNNNNNNXX. */
export const isEin = (value: string): boolean => EIN_PATTERN.test(value);
/** True for a CBP number in the form NNNNNN-NNNNN. */
export const isCbpNo = (value: string): boolean => CBP_PATTERN.test(value);
/** True for an SSN in the form NNN-NN-NNNN. */
export const isSsn = (value: string): boolean => SSN_PATTERN.test(value);
/** True for a passport number of 1 to 12 alphanumerics. */
export const isPassportNo = (value: string): boolean => PASSPORT_PATTERN.test(value);

/** Zod: EIN NN-NNNNNNNXX (suffix upper-cased). */
export const zEin = z.string().trim().toUpperCase().regex(EIN_PATTERN, MSG.einInvalid);
/** Zod: CBP NNNNNN-NNNNN. */
export const zCbpNo = z.string().trim().regex(CBP_PATTERN, MSG.cbpInvalid);
/** Zod: SSN NNN-NN-NNNN. */
export const zSsn = z.string().trim().regex(SSN_PATTERN, MSG.ssnInvalid);
/** Zod: passport 1–12 alphanumerics. */
export const zPassportNo = z.string().trim().regex(PASSPORT_PATTERN, MSG.passportInvalid);
