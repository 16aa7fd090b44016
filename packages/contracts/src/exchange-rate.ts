import { z } from 'zod';
import { versionRead } from './fields';
import { listResponse, ZListQuery } from './list';
import { EXCHANGE_RATE_SCALE, isDecimalString, money } from './money';
import { MSG } from './msg-keys';

/** Message keys of exchange rates (002 §8): translated in the web app's `msg` namespace. */
export const EXCHANGE_RATE_MSG = {
  /** 422: no rate of this pair is effective on the date (002 §8 "Exchange rate missing"). */
  missing: 'msgExchangeRateMissing',
  /** 422: the rate between a currency and itself is 1 (002 §5). */
  mustBeOne: 'msgExchangeRateMustBeOne',
  /** 409: the pair already has a rate effective on that date. */
  duplicate: 'msgExchangeRateDuplicate',
  /** The change message (002 §8): params from, to, oldRate, newRate, updatedBy. */
  updated: 'msgExchangeRateUpdated',
  /** 400: a rate must be a positive decimal with at most 6 decimals. */
  invalid: 'msgExchangeRateInvalid',
} as const;

const currency = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, MSG.fieldInvalid))
  .describe('ISO 4217 currency code');

/**
 * A rate as a decimal string with at most 6 decimals (EXCHANGE_RATE_SCALE), positive, answered with exactly
 * 6 decimals ("7.8" → "7.800000"). A JSON number is refused: a rate never passes through a float.
 */
export const ZExchangeRateValue = z
  .string({ message: EXCHANGE_RATE_MSG.invalid })
  .trim()
  .regex(new RegExp(`^\\d{1,12}(\\.\\d{1,${EXCHANGE_RATE_SCALE}})?$`), EXCHANGE_RATE_MSG.invalid)
  .refine((v) => isDecimalString(v) && money.compare(v, '0') > 0, EXCHANGE_RATE_MSG.invalid)
  .transform((v) => money.round(v, { scale: EXCHANGE_RATE_SCALE }))
  .describe('Units of to_currency per 1 from_currency, up to 6 decimals');

/** Fields of one exchange rate (issue 14: pair, rate 6 dp, effective date). */
export const ZExchangeRateFields = z
  .object({
    from_currency: currency,
    to_currency: currency,
    rate: ZExchangeRateValue,
    effective_date: z.iso.date({ message: MSG.fieldInvalid }).describe('First day the rate applies'),
  })
  .superRefine((v, ctx) => {
    // Zod runs this even when a field already failed (the rate is then the raw input, e.g. "abc"): compare
    // only a rate that passed its own check, else money.compare throws and the request ends as a 500.
    if (typeof v.rate !== 'string' || !isDecimalString(v.rate)) return;
    if (v.from_currency === v.to_currency && money.compare(v.rate, '1') !== 0)
      ctx.addIssue({ code: 'custom', path: ['rate'], message: EXCHANGE_RATE_MSG.mustBeOne });
  });

export const ZCreateExchangeRateRequest = ZExchangeRateFields;
export type TCreateExchangeRateRequest = z.input<typeof ZCreateExchangeRateRequest>;

export const ZUpdateExchangeRateRequest = z.object({
  rate: ZExchangeRateValue,
  version: versionRead,
});
export type TUpdateExchangeRateRequest = z.input<typeof ZUpdateExchangeRateRequest>;

export const ZExchangeRate = z.object({
  id: z.number().int(),
  from_currency: z.string(),
  to_currency: z.string(),
  rate: z.string(),
  effective_date: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

/** Answer of a create or update: the rate, and on a change the 002 §8 message with old and new value. */
export const ZExchangeRateSaved = ZExchangeRate.extend({
  message: z
    .object({
      msgKey: z.string(),
      params: z.object({
        from: z.string(),
        to: z.string(),
        oldRate: z.string(),
        newRate: z.string(),
        updatedBy: z.string(),
      }),
    })
    .nullable(),
});
export type TExchangeRateSaved = z.infer<typeof ZExchangeRateSaved>;

export const EXCHANGE_RATE_SORTABLE = [
  'from_currency',
  'to_currency',
  'effective_date',
  'rate',
  'updated_at',
] as const;

export const ZExchangeRateListQuery = ZListQuery.extend({
  from_currency: z.string().trim().toUpperCase().max(3).optional(),
  to_currency: z.string().trim().toUpperCase().max(3).optional(),
});
export type TExchangeRateListQuery = z.infer<typeof ZExchangeRateListQuery>;
export const ZExchangeRateListResponse = listResponse(ZExchangeRate);

export const ZExchangeRateIdParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

/** GET /ExchangeRate/lookup: the rate of a pair effective on a date (1 for equal currencies). */
export const ZExchangeRateLookupQuery = z.object({
  from: currency,
  to: currency,
  date: z.iso.date({ message: MSG.fieldInvalid }),
});
export const ZExchangeRateLookup = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  effective_date: z.string().nullable(),
});
export type TExchangeRateLookup = z.infer<typeof ZExchangeRateLookup>;
