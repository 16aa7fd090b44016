import { z } from 'zod';
import { MSG } from '../msg-keys';
import { EMAIL_MAX_LENGTH, isEmail } from './email-core';

export * from './email-core';

/** Zod: a required e-mail address (trimmed). */
export const zEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, MSG.emailInvalid)
  .refine(isEmail, MSG.emailInvalid);

/** Zod: an optional e-mail address; blank, null and missing become null. */
export const zOptEmail = (msgKey: string = MSG.emailInvalid) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isEmail(v), msgKey)
    .nullish()
    .transform((v) => (v ? v : null));
