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

// --- reference lookups of issue 4 (001 §3 Lookups, 000 §7) ---

/** GET /master/currency/{text}: ISO 4217 currency with its name in the caller's language. */
export const ZCurrencyOption = z.object({
  currency_code: z.string(),
  currency_name: z.string(),
  numeric_code: z.string(),
  minor_units: z.number().int().describe('Decimals of the currency (ISO 4217 minor units)'),
});
export type TCurrencyOption = z.infer<typeof ZCurrencyOption>;

/** GET /master/unlocode/{text}: a UN/LOCODE location (port locations only). */
export const ZUnLocodeOption = z.object({
  name: z.string(),
  locode: z.string(),
  country_code: z.string(),
  country_name: z.string(),
});
export type TUnLocodeOption = z.infer<typeof ZUnLocodeOption>;

/** GET /master/city/{text}: a city with a port; city_code is that port's UN/LOCODE. */
export const ZCityOption = z.object({
  city_name: z.string(),
  city_code: z.string(),
  country_code: z.string(),
  country_name: z.string(),
});
export type TCityOption = z.infer<typeof ZCityOption>;

/** GET /master/hscode/{text}: HS 2022 chapter (level 2), heading (4) or subheading (6). */
export const ZHsCodeOption = z.object({
  hs_code: z.string(),
  description: z.string(),
  level: z.number().int(),
  parent: z.string().nullable(),
});
export type THsCodeOption = z.infer<typeof ZHsCodeOption>;

/** GET /master/containersize/{text}: ISO 6346 size code (length code + height/width code). */
export const ZContainerSizeOption = z.object({
  size_code: z.string(),
  length: z.string(),
  height: z.string(),
  width: z.string(),
  description: z.string(),
});
export type TContainerSizeOption = z.infer<typeof ZContainerSizeOption>;

/** GET /master/containertype/{text}: ISO 6346 type code with its group. */
export const ZContainerTypeOption = z.object({
  type_code: z.string(),
  group_code: z.string(),
  group_name: z.string(),
  description: z.string(),
});
export type TContainerTypeOption = z.infer<typeof ZContainerTypeOption>;

/** Office option (000 §3): offices answer their office_id as party_id until offices become parties. */
export const ZOfficeOption = z.object({
  party_id: z.number().int(),
  short_name: z.string(),
  group_id: z.string(),
});
export type TOfficeOption = z.infer<typeof ZOfficeOption>;

const optionalId = z.preprocess(
  (v) => (v === '' || v === 'null' ? undefined : v),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);

/** GET /party/getPOLHandlingOffice query (000 §7). */
export const ZPolHandlingOfficeQuery = z.object({
  pol_locode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'msgFieldInvalid')
    .describe('UN/LOCODE of the port of loading'),
  include_party_id: optionalId.describe(
    'An office (party_id) to list even when filtered out, e.g. the saved one',
  ),
  show_all: z
    .enum(['true', 'false'])
    .optional()
    .describe('With show_full_list_hd_office: false narrows to the profile’s office group (default true)'),
  user_profile_id: optionalId.describe(
    'Profile whose office group filters the list; default the current one',
  ),
});
export type TPolHandlingOfficeQuery = z.infer<typeof ZPolHandlingOfficeQuery>;
// --- end of issue 4 reference lookups ---

// --- the lookup routes' paths, querystrings and answers ---

/** A lookup's search text in the path; a reference lookup takes '*' for its whole (small) list. */
export const ZLookupTextParams = z.object({ text: z.string().trim().min(1).max(100) });
export const ZCountryOptionList = z.array(ZCountryOption);
export const ZPortOptionList = z.array(ZPortOption);
export const ZSelectionOptionList = z.array(ZSelectionOption);
export const ZCurrencyOptionList = z.array(ZCurrencyOption);
export const ZUnLocodeOptionList = z.array(ZUnLocodeOption);
export const ZCityOptionList = z.array(ZCityOption);
export const ZHsCodeOptionList = z.array(ZHsCodeOption);
export const ZContainerSizeOptionList = z.array(ZContainerSizeOption);
export const ZContainerTypeOptionList = z.array(ZContainerTypeOption);
export const ZOfficeOptionList = z.array(ZOfficeOption);

/** GET /:area/:type/:value, the generic key-value lookup. */
export const ZKeyValueParams = z.object({
  area: z.string().max(40),
  type: z.string().max(40),
  value: z.string().max(100),
});
export const ZKeyValueQuery = z.object({ includeValue: z.enum(['true', 'false']).optional() });
export const ZKeyValueList = z.array(ZKeyValue);
