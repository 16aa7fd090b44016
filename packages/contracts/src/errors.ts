import { z } from 'zod';

/** The one error shape every API answer uses (ARCHITECTURE "API"). */
export const ZApiError = z
  .object({
    msgKey: z.string().describe('Message key the web app translates'),
    Message: z.string().optional().describe('Human-readable server message'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    details: z
      .array(
        z.object({
          field: z.string(),
          msgKey: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional()
      .describe('Per-field problems'),
  })
  .describe('Error');
export type TApiError = z.infer<typeof ZApiError>;
export type TFieldError = NonNullable<TApiError['details']>[number];
