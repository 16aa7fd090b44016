import { z } from 'zod';
import { MSG } from '../msg-keys';

/**
 * Phone with country code (001 §5): "+", a country code not starting with 0, digits only, no spaces.
 * E.164 allows at most 15 digits, so at most 16 characters with the "+"; at least 7 digits.
 */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
export const PHONE_MAX_LENGTH = 16;

/** True for a phone like +85212345678. */
export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value);

/**
 * Standard e-mail pattern: the WHATWG (HTML input type=email) rule, plus a dot in the domain, at most
 * 254 characters (RFC 5321 path limit).
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export const EMAIL_MAX_LENGTH = 254;

/** True for an e-mail address matching the standard pattern. */
export const isEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** Zod: a phone with country code. */
export const zPhone = z.string().trim().max(PHONE_MAX_LENGTH).regex(PHONE_PATTERN, MSG.phoneInvalid);
/** Zod: an e-mail address. */
export const zEmail = z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, MSG.emailInvalid);
