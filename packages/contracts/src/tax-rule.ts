import { z } from 'zod';
import { TAX_CODE_NAMES } from './charge-code';
import { listResponse, ZListQuery } from './list';
import { isDecimalString, money } from './money';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Tax rules (issue 38): which tax code and rate a charge line takes by default, kept by finance as master
// data with its legal source. docs/invoices.md "Tax rules".
// ---------------------------------------------------------------------------------------------------------

export const TAX_RULE_MSG = {
  /** 422 on lines.N.tax_code: the tax code does not exist in the invoice office's country (VAT9 in Hong Kong). */
  taxCodeNotForCountry: 'msgTaxCodeNotForCountry',
  /** 409: another rule has the same conditions and start date. */
  duplicate: 'msgTaxRuleDuplicate',
  /** 422 on effective_to: the end is before the start. */
  endBeforeStart: 'msgTaxRuleEndBeforeStart',
  /** Success of a save. */
  saved: 'msgTaxRuleSaved',
} as const;

export const TAX_RULE_SCOPES = ['ANY', 'LOCAL', 'OVERSEAS'] as const;
export type TTaxRuleScope = (typeof TAX_RULE_SCOPES)[number];

const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, MSG.fieldInvalid);
const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), s.nullable());

/** What finance types for a rule: conditions (empty = any), the result and its source. */
export const ZTaxRuleFields = z.object({
  company_id: optional(z.string().trim().toUpperCase().max(20, MSG.fieldTooLong)).describe(
    "The office's company (office group id); empty = any",
  ),
  office_country: country.describe("The issuing office's country"),
  customer_country: optional(country).describe("The billed party's country; empty = any"),
  charge_code: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_]{1,20}$/, MSG.fieldInvalid),
  ).describe('Empty = every charge'),
  scope: z
    .enum(TAX_RULE_SCOPES, { message: MSG.fieldInvalid })
    .default('ANY')
    .describe('Local, overseas or any'),
  tax_code: z.enum(TAX_CODE_NAMES as [string, ...string[]], { message: MSG.fieldRequired }),
  tax_rate: z
    .string({ message: MSG.fieldInvalid })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, MSG.fieldInvalid)
    .refine((v) => isDecimalString(v) && money.compare(v, '100') <= 0, MSG.fieldInvalid),
  source: z
    .string()
    .trim()
    .min(1, MSG.fieldRequired)
    .max(500, MSG.fieldTooLong)
    .describe('Law, circular or ruling'),
  effective_from: z.iso.date({ message: MSG.fieldInvalid }),
  effective_to: optional(z.iso.date({ message: MSG.fieldInvalid })),
});
export type TTaxRuleFields = z.input<typeof ZTaxRuleFields>;
export const ZUpdateTaxRuleRequest = ZTaxRuleFields.extend({ version: z.number().int().min(1) });

export const ZTaxRule = z.object({
  id: z.number().int(),
  company_id: z.string().nullable(),
  office_country: z.string(),
  customer_country: z.string().nullable(),
  charge_code: z.string().nullable(),
  scope: z.enum(TAX_RULE_SCOPES),
  tax_code: z.string(),
  tax_rate: z.string(),
  source: z.string(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type TTaxRule = z.infer<typeof ZTaxRule>;
export const ZTaxRuleList = z.array(ZTaxRule);
export const ZTaxRuleListQuery = ZListQuery;
export const ZTaxRuleListResponse = listResponse(ZTaxRule);
export const ZTaxRuleIdParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

/** The default tax of a charge on an invoice header (the line editor asks when a charge is chosen). */
export const ZTaxDefaultQuery = z.object({
  office_code: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(20)
    .optional()
    .describe("Else the job's handling office"),
  job_no: z.string().trim().toUpperCase().min(1).max(30).optional(),
  account_code: z.string().trim().toUpperCase().max(30).optional(),
  charge_code: z.string().trim().toUpperCase().min(1).max(20),
  is_overseas: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  date: z.iso.date().optional(),
});
export const ZTaxDefault = z.object({
  tax_code: z.string().nullable(),
  tax_rate: z.string().nullable(),
  rule_id: z.number().int().nullable(),
  source: z.string().nullable(),
});
export type TTaxDefault = z.infer<typeof ZTaxDefault>;
/** Every charge code's default on one header (GET /TaxRule/defaults): charge code → default. */
export const ZTaxDefaultsQuery = ZTaxDefaultQuery.omit({ charge_code: true });
export const ZTaxDefaults = z.record(z.string(), ZTaxDefault);
export type TTaxDefaults = z.infer<typeof ZTaxDefaults>;
