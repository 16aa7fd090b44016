import { z } from 'zod';
import { SERVICE_TYPES, TRANSPORT_MODES } from './booking';
import { TAX_CODE_NAMES } from './charge-code';
import { INVOICE_KIND_NAMES, INVOICE_SUB_TYPES, type TInvoiceKind } from './invoice';
import { listResponse, ZListQuery } from './list';
import { isDecimalString, MONEY_INTEGER_DIGITS, MONEY_MAX_SCALE, money } from './money';
import { MSG } from './msg-keys';
import { SOPMS_SECTIONS, SOPMS_SORTABLE } from './screen-catalogue';
import {
  SOPMS_MSG,
  SOPMS_OVERRIDE_LEVELS,
  SOPMS_OVERSEAS,
  SOPMS_RULE_TYPES,
  SOPMS_STATUSES,
  SOPMS_STEPS,
  SOPMS_VIOLATION_CODES,
} from './sopms-catalogue';

export { SOPMS_SECTIONS, SOPMS_SORTABLE } from './screen-catalogue';
export * from './sopms-catalogue';

// ---------------------------------------------------------------------------------------------------------
// SOPMS validation templates (002 §3 SOPMS template, §6 override levels; issue 16). docs/sopms.md.
// ---------------------------------------------------------------------------------------------------------

/** Criteria lists: empty = any value. Codes upper-cased, de-duplicated. */
const codes = (max = 50) =>
  z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .min(1, MSG.fieldRequired)
        .max(30, MSG.fieldTooLong)
        .regex(/^[A-Z0-9_\-./]+$/, MSG.fieldInvalid),
    )
    .max(max, MSG.fieldInvalid)
    .default([])
    .transform((v) => [...new Set(v)]);
const day = z.iso
  .date({ message: MSG.fieldInvalid })
  .nullish()
  .transform((v) => v ?? null);
const amount = z
  .string({ message: MSG.amountInvalid })
  .trim()
  .regex(new RegExp(`^\\d{1,${MONEY_INTEGER_DIGITS}}(\\.\\d{1,${MONEY_MAX_SCALE}})?$`), MSG.amountInvalid)
  .refine(isDecimalString, MSG.amountInvalid)
  .nullish()
  .transform((v) => v ?? null);

/** One rule about the invoice's lines (issue 16). */
export const ZSopmsRuleInput = z.object({
  rule_type: z.enum(SOPMS_RULE_TYPES, { message: MSG.fieldRequired }),
  /** REQUIRED_CHARGE / FORBIDDEN_CHARGE: the charge; TAX: only lines of this charge (empty = every line). */
  charge_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, MSG.fieldTooLong)
    .nullish()
    .transform((v) => v || null),
  /** REQUIRED_CHARGE: the unit price it must be billed at. */
  rate: amount,
  /** REQUIRED_CHARGE: bounds of its unit price. */
  min_amount: amount,
  max_amount: amount,
  /** TAX: the tax code the lines must carry. */
  tax_code: z
    .enum(TAX_CODE_NAMES as [string, ...string[]], { message: MSG.fieldInvalid })
    .nullish()
    .transform((v) => v ?? null),
  /** TAX: the invoice sub-type required. */
  sub_type: z
    .enum(INVOICE_SUB_TYPES, { message: MSG.fieldInvalid })
    .nullish()
    .transform((v) => v ?? null),
});
export type TSopmsRuleInput = z.input<typeof ZSopmsRuleInput>;

/** Header, criteria and override level of a template, as a user edits them. */
export const ZSopmsTemplateFields = z.object({
  name: z.string().trim().min(1, MSG.fieldRequired).max(100, MSG.fieldTooLong),
  section_code: z.enum(SOPMS_SECTIONS, { message: MSG.fieldRequired }),
  validation_group: z.string().trim().min(1, MSG.fieldRequired).max(60, MSG.fieldTooLong),
  description: z
    .string()
    .trim()
    .max(500, MSG.fieldTooLong)
    .nullish()
    .transform((v) => v || null),
  override_level: z
    .number({ message: MSG.fieldRequired })
    .int()
    .refine((v) => (SOPMS_OVERRIDE_LEVELS as readonly number[]).includes(v), MSG.fieldInvalid),
  status: z.enum(SOPMS_STATUSES).default('A'),
  account_codes: codes(),
  inv_kinds: z
    .array(z.enum(INVOICE_KIND_NAMES as [TInvoiceKind, ...TInvoiceKind[]], { message: MSG.fieldInvalid }))
    .max(20)
    .default([]),
  overseas: z.enum(SOPMS_OVERSEAS).default('ANY'),
  office_codes: codes(),
  customer_codes: codes(),
  issue_party_codes: codes(),
  agent_codes: codes(),
  consignee_codes: codes(),
  notify_party_codes: codes(),
  transport_modes: z
    .array(z.enum(TRANSPORT_MODES, { message: MSG.fieldInvalid }))
    .max(5)
    .default([]),
  service_types: z
    .array(z.enum(SERVICE_TYPES, { message: MSG.fieldInvalid }))
    .max(5)
    .default([]),
  etd_from: day,
  etd_to: day,
  inv_date_from: day,
  inv_date_to: day,
  rules: z.array(ZSopmsRuleInput).min(1, MSG.fieldRequired).max(50, MSG.fieldInvalid),
});

/** Field problems of a template the schema alone cannot see: empty ranges, incomplete rules (server and form). */
export function sopmsTemplateProblems(v: z.output<typeof ZSopmsTemplateFields>) {
  const out: { field: string; msgKey: string }[] = [];
  const empty = (from: string | null, to: string | null) => !!from && !!to && from > to;
  if (empty(v.etd_from, v.etd_to)) out.push({ field: 'etd_to', msgKey: SOPMS_MSG.emptyRange });
  if (empty(v.inv_date_from, v.inv_date_to)) out.push({ field: 'inv_date_to', msgKey: SOPMS_MSG.emptyRange });
  v.rules.forEach((r, i) => {
    const bad = (field: string) => out.push({ field: `rules.${i}.${field}`, msgKey: SOPMS_MSG.ruleInvalid });
    if (r.rule_type !== 'TAX' && !r.charge_code) bad('charge_code');
    if (r.rule_type === 'TAX' && !r.tax_code && !r.sub_type) bad('tax_code');
    if (r.min_amount && r.max_amount && money.compare(r.min_amount, r.max_amount) > 0)
      out.push({ field: `rules.${i}.max_amount`, msgKey: SOPMS_MSG.emptyRange });
  });
  return out;
}

export const ZCreateSopmsTemplateRequest = ZSopmsTemplateFields;
export type TCreateSopmsTemplateRequest = z.input<typeof ZCreateSopmsTemplateRequest>;
export type TSopmsTemplateInput = z.output<typeof ZCreateSopmsTemplateRequest>;
export const ZUpdateSopmsTemplateRequest = ZSopmsTemplateFields.extend({
  version: z.number().int().min(1).describe('Version read; a newer one answers 409 msgRecordNotLatest'),
});
export type TUpdateSopmsTemplateRequest = z.input<typeof ZUpdateSopmsTemplateRequest>;

export const ZSopmsRule = z.object({
  rule_id: z.number().int(),
  seq: z.number().int(),
  rule_type: z.enum(SOPMS_RULE_TYPES),
  charge_code: z.string().nullable(),
  rate: z.string().nullable(),
  min_amount: z.string().nullable(),
  max_amount: z.string().nullable(),
  tax_code: z.string().nullable(),
  sub_type: z.string().nullable(),
});
export type TSopmsRule = z.infer<typeof ZSopmsRule>;

const nul = z.string().nullable();
export const ZSopmsTemplate = z.object({
  tmplib_id: z.number().int(),
  name: z.string(),
  section_code: z.enum(SOPMS_SECTIONS),
  validation_group: z.string(),
  description: nul,
  override_level: z.number().int(),
  status: z.enum(SOPMS_STATUSES),
  owner_uid: z.string(),
  owner_name: z.string(),
  account_codes: z.array(z.string()),
  inv_kinds: z.array(z.string()),
  overseas: z.enum(SOPMS_OVERSEAS),
  office_codes: z.array(z.string()),
  customer_codes: z.array(z.string()),
  issue_party_codes: z.array(z.string()),
  agent_codes: z.array(z.string()),
  consignee_codes: z.array(z.string()),
  notify_party_codes: z.array(z.string()),
  transport_modes: z.array(z.string()),
  service_types: z.array(z.string()),
  etd_from: nul,
  etd_to: nul,
  inv_date_from: nul,
  inv_date_to: nul,
  rules: z.array(ZSopmsRule),
  /** Whether the caller may edit it (the owner or an administrator with sopms_edit). */
  can_edit: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  created_by: nul,
  updated_at: z.string(),
  updated_by: nul,
});
export type TSopmsTemplate = z.infer<typeof ZSopmsTemplate>;

export const ZSopmsListQuery = ZListQuery.extend({
  sort: z.enum(SOPMS_SORTABLE).optional(),
  status: z.enum(SOPMS_STATUSES).optional(),
});
export type TSopmsListQuery = z.infer<typeof ZSopmsListQuery>;
export const ZSopmsListResponse = listResponse(
  ZSopmsTemplate.omit({ rules: true }).extend({ rule_count: z.number().int() }),
);
export type TSopmsListRow = z.infer<typeof ZSopmsListResponse>['rows'][number];
export const ZSopmsSectionParams = z.object({
  section_code: z.enum(SOPMS_SECTIONS, { message: MSG.notFound }),
});
export const ZSopmsIdParams = z.object({ tmplib_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** One broken rule of one template, as the check lists it. */
export const ZSopmsViolation = z.object({
  tmplib_id: z.number().int(),
  template_name: z.string(),
  validation_group: z.string(),
  override_level: z.number().int(),
  rule_id: z.number().int(),
  rule_type: z.enum(SOPMS_RULE_TYPES),
  code: z.enum(SOPMS_VIOLATION_CODES),
  charge_code: nul,
  /** What the rule asks for (a rate, "min–max", a tax code or sub-type), and what the invoice has. */
  expected: nul,
  actual: nul,
  line_no: z.number().int().nullable(),
  /** Already overridden for this step (an earlier override with a reason). */
  overridden: z.boolean(),
  /** Whether the caller's role may override it. */
  may_override: z.boolean(),
});
export type TSopmsViolation = z.infer<typeof ZSopmsViolation>;

export const ZSopmsCheckRequest = z.object({
  step: z.enum(SOPMS_STEPS).optional().describe("Default: the invoice's next step"),
});
export const ZSopmsCheckResult = z.object({
  step: z.enum(SOPMS_STEPS),
  role: z.enum(['manager', 'supervisor', 'user', 'other']),
  /** Templates that matched the invoice (active, criteria met). */
  matched: z.number().int(),
  violations: z.array(ZSopmsViolation),
  /** Every open (not overridden) violation may be overridden by the caller. */
  can_override: z.boolean(),
});
export type TSopmsCheckResult = z.infer<typeof ZSopmsCheckResult>;

export const ZSopmsOverrideRequest = z.object({
  reason: z.string().trim().min(1, MSG.fieldRequired).max(500, MSG.fieldTooLong),
  step: z.enum(SOPMS_STEPS).optional().describe("Default: the invoice's next step"),
});
export type TSopmsOverrideRequest = z.input<typeof ZSopmsOverrideRequest>;

/** The violation list of a refusal, read back from the error's details (web dialog). */
export const ZSopmsViolationParams = z.object({
  tmplib_id: z.coerce.number(),
  template_name: z.string(),
  validation_group: z.string(),
  override_level: z.coerce.number(),
  rule_id: z.coerce.number(),
  charge_code: z.string().optional(),
  expected: z.string().optional(),
  actual: z.string().optional(),
  may_override: z.coerce.number(),
});
