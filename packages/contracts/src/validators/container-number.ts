import { z } from 'zod';
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
