import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';
import { MSG } from '../msg-keys';

// This module pulls libphonenumber-js's full ("max") metadata (~150 KB): keep it out of modules that
// public pages such as /login import (contracts is `sideEffects: false`, so only importers pay for it).

/**
 * How a phone is written (001 §5): "+", a country code not starting with 0, digits only, no spaces;
 * E.164 allows at most 15 digits, so at most 16 characters with the "+".
 */
export const PHONE_SHAPE = /^\+[1-9]\d{6,14}$/;
export const PHONE_MAX_LENGTH = 16;

/**
 * True for a phone written as above that is a real number of its country's numbering plan (libphonenumber's
 * full metadata: a known country calling code, a valid length and number range, e.g. +85228271234).
 */
export const isPhone = (value: string): boolean => PHONE_SHAPE.test(value) && isValidPhoneNumber(value);

/** Zod: a required phone with country code. */
export const zPhone = (msgKey: string = MSG.phoneInvalid) =>
  z
    .string({ message: MSG.fieldRequired })
    .trim()
    .min(1, MSG.fieldRequired)
    .max(PHONE_MAX_LENGTH, msgKey)
    .refine(isPhone, msgKey);

/** Zod: an optional phone with country code; blank, null and missing become null. */
export const zOptPhone = (msgKey: string = MSG.phoneInvalid) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isPhone(v), msgKey)
    .nullish()
    .transform((v) => (v ? v : null));
