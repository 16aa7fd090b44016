import { z } from 'zod';
import { exportLang, isoDate, recordStamps, upper, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import {
  CARRIER_ALLIANCES,
  CARRIER_SORTABLE,
  CARRIER_STATUSES,
  CARRIER_TYPES,
} from './maintenance-catalogue';
import { MSG } from './msg-keys';

export {
  CARRIER_ALLIANCES,
  CARRIER_FILTER_FIELDS,
  CARRIER_SORTABLE,
  CARRIER_STATUSES,
  CARRIER_TYPES,
} from './maintenance-catalogue';

const optionalCode = (len: number, key: string) =>
  z
    .string()
    .transform(upper)
    .pipe(z.string().regex(new RegExp(`^([A-Z0-9]{${len}})?$`), key))
    .nullish()
    .transform((v) => (v ? v : null));

/** Fields an administrator edits on a carrier (001 §3 Carrier, rules of §5 Carrier). */
export const ZCarrierFields = z.object({
  carrier_code: z
    .string()
    .transform(upper)
    .pipe(
      z
        .string()
        .min(1, MSG.fieldRequired)
        .regex(/^[A-Z0-9]{2,4}$/, MSG.carrierCodeLength),
    )
    .describe('2-4 characters, unique'),
  scac: z
    .string()
    .transform(upper)
    .pipe(z.string().regex(/^([A-Z]{2,4})?$/, MSG.scacFormat))
    .nullish()
    .transform((v) => (v ? v : null))
    .describe('Standard Carrier Alpha Code, 2-4 letters, unique'),
  cbsa: optionalCode(4, MSG.carrierFourChars).describe('CBSA carrier code, 4 characters, unique'),
  naccs: optionalCode(4, MSG.carrierFourChars).describe('NACCS code, 4 characters, unique'),
  display_name: z.string().trim().min(1, MSG.fieldRequired).max(60, MSG.fieldTooLong),
  full_name: z.string().trim().min(1, MSG.fieldRequired).max(200, MSG.fieldTooLong),
  alliance: z.enum(CARRIER_ALLIANCES, { message: MSG.fieldRequired }),
  carrier_type: z.enum(CARRIER_TYPES, { message: MSG.fieldRequired }),
  effective_from: isoDate,
  effective_to: isoDate.nullish().transform((v) => v ?? null),
  status: z.enum(CARRIER_STATUSES, { message: MSG.fieldRequired }),
});

const effectiveOrder = <T extends { effective_from: string; effective_to: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.effective_to && v.effective_to < v.effective_from) {
    ctx.addIssue({ code: 'custom', path: ['effective_to'], message: MSG.effectiveToBeforeFrom });
  }
};

export const ZCreateCarrierRequest = ZCarrierFields.superRefine(effectiveOrder);
export type TCreateCarrierRequest = z.input<typeof ZCreateCarrierRequest>;

export const ZUpdateCarrierRequest = ZCarrierFields.extend({
  version: versionRead,
}).superRefine(effectiveOrder);
export type TUpdateCarrierRequest = z.input<typeof ZUpdateCarrierRequest>;

export const ZCarrier = z.object({
  id: z.number().int(),
  carrier_code: z.string(),
  scac: z.string().nullable(),
  cbsa: z.string().nullable(),
  naccs: z.string().nullable(),
  display_name: z.string(),
  full_name: z.string(),
  alliance: z.string(),
  carrier_type: z.string(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  status: z.string(),
  ...recordStamps,
});
export type TCarrier = z.infer<typeof ZCarrier>;

export const ZCarrierListQuery = ZListQuery.extend({
  sort: z.enum(CARRIER_SORTABLE).optional(),
  filters: customFiltersParam('CARRIER_FILTER_FIELDS'),
  alliance: z.enum(CARRIER_ALLIANCES).optional(),
  carrier_type: z.enum(CARRIER_TYPES).optional(),
  status: z.enum(CARRIER_STATUSES).optional(),
});
export type TCarrierListQuery = z.infer<typeof ZCarrierListQuery>;
export const ZCarrierExportQuery = ZCarrierListQuery.extend(exportLang);
export const ZCarrierListResponse = listResponse(ZCarrier);
export type TCarrierListResponse = z.infer<typeof ZCarrierListResponse>;
export const ZCarrierIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
