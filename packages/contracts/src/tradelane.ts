import { z } from 'zod';
import { exportLang, recordStamps, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { TRADELANE_CUSTOMER_TYPES, TRADELANE_SORTABLE, TRADELANE_TYPES } from './maintenance-catalogue';
import { MSG } from './msg-keys';

export {
  TRADELANE_CUSTOMER_TYPES,
  TRADELANE_FILTER_FIELDS,
  TRADELANE_SORTABLE,
  TRADELANE_TYPES,
} from './maintenance-catalogue';

const code = (pattern: RegExp, key: string) =>
  z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().min(1, MSG.fieldRequired).regex(pattern, key));
const optionalCode = (pattern: RegExp, key: string) =>
  z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().regex(pattern, key))
    .nullish()
    .transform((v) => (v ? v : null));
const COUNTRY = /^[A-Z]{2}$/;
const ACCOUNT = /^([A-Z0-9-]{1,20})?$/;

/** Fields an administrator edits on a trade lane (001 §3 Trade lane). */
export const ZTradelaneFields = z.object({
  tradelane_name: z
    .string()
    .trim()
    .min(1, MSG.fieldRequired)
    .max(100, MSG.fieldTooLong)
    .describe('Unique, case-insensitively'),
  tradelane_type: z.enum(TRADELANE_TYPES, { message: MSG.fieldRequired }),
  pol_country: code(COUNTRY, MSG.fieldInvalid).describe('Port-of-loading country, ISO 3166 alpha-2'),
  pod_country: code(COUNTRY, MSG.fieldInvalid).describe('Port-of-discharge country, ISO 3166 alpha-2'),
  office_code: code(/^[A-Z0-9-]{1,20}$/, MSG.fieldInvalid).describe('Handling office code'),
  account_code: optionalCode(ACCOUNT, MSG.fieldInvalid).describe(
    'Account (ledger) code, up to 20 characters',
  ),
  effective_date: z.iso.date({ message: MSG.fieldInvalid }),
  customer_type: z
    .enum(TRADELANE_CUSTOMER_TYPES, { message: MSG.fieldInvalid })
    .nullish()
    .transform((v) => v ?? null),
  customer_code: optionalCode(ACCOUNT, MSG.fieldInvalid).describe('Customer code; needs a customer type'),
});

const customerTypeWithCode = <T extends { customer_type: string | null; customer_code: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.customer_code && !v.customer_type) {
    ctx.addIssue({ code: 'custom', path: ['customer_type'], message: MSG.fieldRequired });
  }
};

export const ZCreateTradelaneRequest = ZTradelaneFields.superRefine(customerTypeWithCode);
export type TCreateTradelaneRequest = z.input<typeof ZCreateTradelaneRequest>;
export const ZUpdateTradelaneRequest = ZTradelaneFields.extend({
  version: versionRead,
}).superRefine(customerTypeWithCode);
export type TUpdateTradelaneRequest = z.input<typeof ZUpdateTradelaneRequest>;

export const ZTradelane = z.object({
  tradelane_id: z.number().int(),
  tradelane_name: z.string(),
  tradelane_type: z.string(),
  pol_country: z.string(),
  pol_country_name: z.string().nullable(),
  pod_country: z.string(),
  pod_country_name: z.string().nullable(),
  office_code: z.string(),
  account_code: z.string().nullable(),
  effective_date: z.string(),
  customer_type: z.string().nullable(),
  customer_code: z.string().nullable(),
  ...recordStamps,
});
export type TTradelane = z.infer<typeof ZTradelane>;

export const ZTradelaneListQuery = ZListQuery.extend({
  filters: customFiltersParam('TRADELANE_FILTER_FIELDS'),
  sort: z.enum(TRADELANE_SORTABLE).optional(),
  tradelane_type: z.enum(TRADELANE_TYPES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZTradelaneExportQuery = ZTradelaneListQuery.extend(exportLang);
export type TTradelaneListQuery = z.infer<typeof ZTradelaneListQuery>;
export const ZTradelaneListResponse = listResponse(ZTradelane);
export type TTradelaneListResponse = z.infer<typeof ZTradelaneListResponse>;
export const ZTradelaneIdParams = z.object({
  tradelane_id: z.coerce.number().int().positive().max(2_147_483_647),
});
