import { z } from 'zod';
import { exportLang, isoDate, optText, recordStamps, upper, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { amountScaleIssue, ZAmountAnyCurrency } from './money';
import { MSG } from './msg-keys';
import { ZLocode } from './sailing-schedule';

export * from './rate-catalogue';

import {
  LCL_CONTAINER_TYPES,
  MAX_RATE_CONTAINERS,
  RATE_CONTAINER_TYPES,
  RATE_SERVICES,
  RATE_SORTABLE,
  RATE_STATUSES,
} from './rate-catalogue';

/**
 * Money on the wire (money.ts): a decimal string above zero with at most 14 integer digits and as many
 * decimals as the rate's currency has minor units (JPY 0, USD 2, BHD 3; checked in rateIssues), stored in
 * numeric(18,4) and answered with the currency's decimals. Never a JS float.
 */
export const ZAmount = ZAmountAnyCurrency;

export const ZRateContainer = z.object({
  container_type: z.enum(RATE_CONTAINER_TYPES, { message: MSG.fieldRequired }),
  amount: ZAmount.describe("Rate per container (per CBM for LCL-CBM), up to the currency's decimals"),
});

/** An optional number of days, 0 to `max`. */
const optDays = (max: number) =>
  z.number().int(MSG.fieldInvalid).min(0, MSG.fieldInvalid).max(max, MSG.fieldInvalid).nullish();

/** Fields an administrator edits on a rate, apart from its key. */
export const ZRateFields = z.object({
  carrier_code: z
    .string()
    .transform(upper)
    .pipe(z.string().min(1, MSG.fieldRequired).max(4, MSG.fieldTooLong)),
  pol: ZLocode.describe('Port of loading, UN/LOCODE'),
  pod: ZLocode.describe('Port of discharge, UN/LOCODE'),
  service: z.enum(RATE_SERVICES, { message: MSG.fieldRequired }),
  currency: z
    .string()
    .transform(upper)
    .pipe(
      z
        .string()
        .min(1, MSG.fieldRequired)
        .regex(/^[A-Z]{3}$/, MSG.currencyInvalid),
    )
    .describe('ISO 4217 code'),
  valid_from: isoDate,
  valid_to: isoDate,
  transit_days: optDays(180),
  free_time_days: optDays(90),
  remarks: optText(1000),
  status: z.enum(RATE_STATUSES, { message: MSG.fieldRequired }),
  rate_containers: z.array(ZRateContainer).max(MAX_RATE_CONTAINERS),
});

/** Source key: the contract or tariff reference, 3-40 letters, digits, dot, dash or underscore. */
export const ZSourceKey = z
  .string()
  .transform(upper)
  .pipe(
    z
      .string()
      .min(1, MSG.fieldRequired)
      .regex(/^[A-Z0-9][A-Z0-9._-]{2,39}$/, MSG.sourceKeyFormat),
  );

type RateShape = z.output<typeof ZRateFields>;

/** Rules across fields: validity order, at least one container, unique types, types fitting the service. */
export function rateIssues(v: RateShape): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  if (v.valid_from && v.valid_to && v.valid_to < v.valid_from)
    out.push({ path: ['valid_to'], message: MSG.validToBeforeFrom });
  const list = v.rate_containers ?? [];
  if (list.length === 0) out.push({ path: ['rate_containers'], message: MSG.rateContainerRequired });
  const seen = new Set<string>();
  list.forEach((c, i) => {
    if (seen.has(c.container_type))
      out.push({ path: ['rate_containers', i, 'container_type'], message: MSG.containerTypeDuplicate });
    seen.add(c.container_type);
    const scale = amountScaleIssue(c.amount, v.currency);
    if (scale) out.push({ path: ['rate_containers', i, 'amount'], message: scale });
    const lcl = (LCL_CONTAINER_TYPES as readonly string[]).includes(c.container_type);
    if (v.service && lcl !== (v.service === 'LCL'))
      out.push({ path: ['rate_containers', i, 'container_type'], message: MSG.containerTypeNotForService });
  });
  return out;
}

const rateRules = (v: RateShape, ctx: z.RefinementCtx) => {
  for (const i of rateIssues(v)) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
};

export const ZCreateRateRequest = ZRateFields.extend({ source_key: ZSourceKey }).superRefine(rateRules);
export type TCreateRateRequest = z.input<typeof ZCreateRateRequest>;
export const ZUpdateRateRequest = ZRateFields.extend({
  version: versionRead,
}).superRefine(rateRules);
export type TUpdateRateRequest = z.input<typeof ZUpdateRateRequest>;

/** A rate's key and carrier as answered (a rate and a quote). */
const rateKeyOut = { rate_id: z.number().int(), source_key: z.string(), carrier_code: z.string() };
/** A rate's lane, service, currency, validity and days as answered (a rate and a quote). */
const rateTermsOut = {
  pol: z.string(),
  pod: z.string(),
  service: z.string(),
  currency: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  transit_days: z.number().int().nullable(),
  free_time_days: z.number().int().nullable(),
};

export const ZRate = z.object({
  ...rateKeyOut,
  carrier_name: z.string().nullable(),
  ...rateTermsOut,
  remarks: z.string().nullable(),
  status: z.string(),
  rate_containers: z.array(z.object({ container_type: z.string(), amount: z.string() })),
  ...recordStamps,
});
export type TRate = z.infer<typeof ZRate>;

const locodeParam = z
  .string()
  .transform(upper)
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, MSG.locodeInvalid));

export const ZRateListQuery = ZListQuery.extend({
  filters: customFiltersParam('RATE_FILTER_FIELDS'),
  sort: z.enum(RATE_SORTABLE).optional(),
  carrier_code: z.string().transform(upper).pipe(z.string().max(4)).optional(),
  pol: locodeParam.optional(),
  pod: locodeParam.optional(),
  service: z.enum(RATE_SERVICES).optional(),
  valid_on: isoDate.optional().describe('Rates valid on this day'),
  status: z.enum(RATE_STATUSES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZRateExportQuery = ZRateListQuery.extend(exportLang);
export type TRateListQuery = z.infer<typeof ZRateListQuery>;
export const ZRateListResponse = listResponse(ZRate);
export type TRateListResponse = z.infer<typeof ZRateListResponse>;
export const ZRateKeyParams = z.object({ source_key: z.string().min(1).max(64) });

/**
 * POST /Rate/quote: active rates for a lane valid on a day that price every requested container type,
 * with total_rate = Σ amount × qty computed in SQL (numeric). For rate and sailing comparison (issue 6).
 */
export const ZRateQuoteRequest = z.object({
  pol: ZLocode,
  pod: ZLocode,
  service: z.enum(RATE_SERVICES).optional(),
  on_date: isoDate.describe('Shipping date the rate must be valid on'),
  containers: z
    .array(
      z.object({
        container_type: z.enum(RATE_CONTAINER_TYPES, { message: MSG.fieldRequired }),
        qty: z.number().int(MSG.fieldInvalid).min(1, MSG.fieldInvalid).max(999, MSG.fieldInvalid),
      }),
    )
    .min(1, MSG.rateContainerRequired)
    .max(MAX_RATE_CONTAINERS),
});
export type TRateQuoteRequest = z.output<typeof ZRateQuoteRequest>;

export const ZRateQuote = z.object({
  ...rateKeyOut,
  ...rateTermsOut,
  rate_containers: z.array(
    z.object({
      container_type: z.string(),
      amount: z.string(),
      qty: z.number().int(),
      line_total: z.string(),
    }),
  ),
  total_rate: z.string().describe("Σ amount × qty, exact, with the currency's decimals"),
});
export type TRateQuote = z.infer<typeof ZRateQuote>;
export const ZRateQuoteResponse = z.object({ rows: z.array(ZRateQuote) });
