import { z } from 'zod';

export const ZCountryOption = z.object({ country_code: z.string(), country_name: z.string() });
export const ZKeyValue = z.object({ pkey: z.string(), pvalue: z.string() });
export const ZPortOption = z.object({
  name: z.string(),
  unCode: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  notify_office_party_id: z.number().int().nullable(),
});

/** POST /Master/GetInSelectionOptions (000 §7). */
export const ZSelectionOptionsRequest = z.object({
  fetchOptionKey: z
    .string()
    .min(1)
    .max(64)
    .describe('Which option list, e.g. carrier, port, country, office'),
  searchText: z.string().max(200).optional().nullable(),
  searchValue: z
    .union([z.string().max(200), z.array(z.string().max(200)).max(200)])
    .optional()
    .nullable()
    .describe('Value(s) whose labels are wanted, to show a saved choice'),
  skipDataAccessCheck: z.boolean().optional(),
});
export type TSelectionOptionsRequest = z.infer<typeof ZSelectionOptionsRequest>;
export const ZSelectionOption = z.object({ value: z.string(), text: z.string() });
export type TSelectionOption = z.infer<typeof ZSelectionOption>;
