import { z } from 'zod';
import { MSG } from '../msg-keys';
import { containerNoError, normalizeContainerNo } from './container-number-core';

export * from './container-number-core';

/** Zod: a container number, normalised to 11 upper-case characters, with a valid check digit. */
export const zContainerNo = z
  .string()
  .trim()
  .transform(normalizeContainerNo)
  .superRefine((v, ctx) => {
    const err = containerNoError(v);
    if (err) ctx.addIssue({ code: 'custom', message: err });
  });

/** Zod: an optional container number (up to 20 characters as sent; blank → null), normalised and checked. */
export const zOptContainerNo = z
  .string()
  .max(20, MSG.fieldTooLong)
  .nullish()
  .transform((v) => (v?.trim() ? normalizeContainerNo(v) : null))
  .superRefine((v, ctx) => {
    const err = v ? containerNoError(v) : null;
    if (err) ctx.addIssue({ code: 'custom', message: err });
  })
  .describe('ISO 6346 container number with check digit');
