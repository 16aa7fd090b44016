import { z } from 'zod';
import { optText, versionRead } from './fields';
import { ZInvoicePrintOptions } from './invoice-print';
import { MONEY_INTEGER_DIGITS, MONEY_MAX_SCALE, money } from './money';
import { MSG } from './msg-keys';
import {
  isLineCategory,
  TEMPLATE_BASES,
  TEMPLATE_CATEGORIES,
  TEMPLATE_COLOURS,
  TEMPLATE_KINDS,
  TEMPLATE_MODULES,
  TEMPLATE_MSG,
  TEMPLATE_PRIVACY,
  TEMPLATE_STATUSES,
  TEMPLATE_TABS,
} from './template-catalogue';

export * from './template-catalogue';

const reqAmount = () =>
  z
    .string({ message: MSG.amountInvalid })
    .trim()
    .regex(new RegExp(`^\\d{1,${MONEY_INTEGER_DIGITS}}(\\.\\d{1,${MONEY_MAX_SCALE}})?$`), MSG.amountInvalid);
const optAmount = () =>
  z
    .union([reqAmount(), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null));

/** One template line (002 §3 Template lines). */
export const ZTemplateLineInput = z
  .object({
    dr_cr: z.enum(['DR', 'CR'], { message: MSG.fieldRequired }),
    basis: z.enum(TEMPLATE_BASES, { message: MSG.fieldRequired }).describe('Reference basis of the quantity'),
    container_size: optText(10).describe(
      'CONTAINER_SIZE basis: only this size (e.g. 40HC); empty = each size',
    ),
    charge_code: z.string().trim().toUpperCase().min(1, MSG.fieldRequired).max(20, MSG.fieldTooLong),
    print_description: optText(200),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, MSG.fieldInvalid),
    unit_price: reqAmount(),
    quantity: reqAmount().describe('Units per reference (1 = one per job, HBL, container…)'),
    uom: z.string().trim().min(1, MSG.fieldRequired).max(10, MSG.fieldTooLong),
    min_charge: optAmount(),
    max_charge: optAmount(),
    description: optText(200),
  })
  .superRefine((l, ctx) => {
    if (l.min_charge && l.max_charge && money.compare(l.min_charge, l.max_charge) > 0)
      ctx.addIssue({ code: 'custom', path: ['max_charge'], message: TEMPLATE_MSG.minAboveMax });
  });
export type TTemplateLineInput = z.input<typeof ZTemplateLineInput>;
export const ZTemplateLine = z.object({
  line_no: z.number().int(),
  dr_cr: z.enum(['DR', 'CR']),
  basis: z.enum(TEMPLATE_BASES),
  container_size: z.string().nullable(),
  charge_code: z.string(),
  print_description: z.string().nullable(),
  currency: z.string(),
  unit_price: z.string(),
  quantity: z.string(),
  uom: z.string(),
  min_charge: z.string().nullable(),
  max_charge: z.string().nullable(),
  description: z.string().nullable(),
  total_amount: z.string().describe('unit price × quantity, for one reference'),
});
export type TTemplateLine = z.infer<typeof ZTemplateLine>;

/** Print Options and Marks and Goods templates: what they fill in. */
export const ZMarksGoods = z.object({
  marks: optText(2000),
  goods_description: optText(4000),
});
export type TMarksGoods = z.output<typeof ZMarksGoods>;

/** Setting (step 1) and content (step 2) of a template. */
export const ZTemplateFields = z.object({
  name: z.string().trim().min(1, MSG.fieldRequired).max(100, MSG.fieldTooLong).describe('Unique per owner'),
  description: optText(500),
  module: z.enum(TEMPLATE_MODULES, { message: MSG.fieldRequired }),
  category: z.enum(TEMPLATE_CATEGORIES, { message: MSG.fieldRequired }),
  tags: z
    .array(z.string().trim().toLowerCase().min(1).max(30, MSG.fieldTooLong))
    .max(10, MSG.fieldInvalid)
    .default([])
    .transform((t) => [...new Set(t)]),
  privacy: z.enum(TEMPLATE_PRIVACY, { message: MSG.fieldRequired }),
  offices: z
    .array(z.string().trim().toUpperCase().min(1).max(10))
    .max(50)
    .default([])
    .describe('MARKET_OFFICE: the office codes that see it'),
  release_note: optText(1000).describe('Shown once to users who added the template, after an update'),
  colour: z.enum(TEMPLATE_COLOURS, { message: MSG.fieldRequired }).default('blue'),
  status: z.enum(TEMPLATE_STATUSES).default('A'),
  lines: z.array(ZTemplateLineInput).max(100).default([]),
  print_options: ZInvoicePrintOptions.nullish().transform((v) => v ?? null),
  marks_goods: ZMarksGoods.nullish().transform((v) => v ?? null),
});

/** Cross-field rules shared by the client and the server. */
const templateRules = (v: z.output<typeof ZTemplateFields>, ctx: z.RefinementCtx) => {
  if (v.privacy === 'MARKET_OFFICE' && !v.offices.length)
    ctx.addIssue({ code: 'custom', path: ['offices'], message: TEMPLATE_MSG.officesRequired });
  if (isLineCategory(v.category) && !v.lines.length)
    ctx.addIssue({ code: 'custom', path: ['lines'], message: TEMPLATE_MSG.contentRequired });
  if (v.category === 'PRINT_OPTIONS' && !v.print_options)
    ctx.addIssue({ code: 'custom', path: ['print_options'], message: TEMPLATE_MSG.contentRequired });
  if (v.category === 'MARKS_GOODS' && !v.marks_goods?.marks && !v.marks_goods?.goods_description)
    ctx.addIssue({ code: 'custom', path: ['marks_goods', 'marks'], message: TEMPLATE_MSG.contentRequired });
};

export const ZCreateTemplateRequest = ZTemplateFields.superRefine(templateRules);
export type TCreateTemplateRequest = z.input<typeof ZCreateTemplateRequest>;
export type TTemplateInput = z.output<typeof ZCreateTemplateRequest>;
export const ZUpdateTemplateRequest = ZTemplateFields.extend({
  version: versionRead,
}).superRefine(templateRules);
export type TUpdateTemplateRequest = z.input<typeof ZUpdateTemplateRequest>;

/** A template as listed (search results). */
export const ZTemplateSummary = z.object({
  tmplib_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  module: z.enum(TEMPLATE_MODULES),
  category: z.string(),
  tags: z.array(z.string()),
  privacy: z.enum(TEMPLATE_PRIVACY),
  colour: z.enum(TEMPLATE_COLOURS),
  status: z.enum(TEMPLATE_STATUSES),
  owner_uid: z.string(),
  owner_name: z.string(),
  owner_office: z.string().nullable(),
  is_owner: z.boolean(),
  is_favourite: z.boolean(),
  is_added: z.boolean(),
  /** Added by the caller and updated since it last acknowledged the release note. */
  has_update: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;

export const ZTemplate = ZTemplateSummary.extend({
  offices: z.array(z.string()),
  release_note: z.string().nullable(),
  share_code: z.string().nullable().describe('Only the owner sees it; null for others'),
  lines: z.array(ZTemplateLine),
  /** Plain output shapes: a response schema with transforms cannot serialise. */
  print_options: z
    .object({
      layout: z.string(),
      language: z.string(),
      show_base_currency: z.boolean(),
      show_bank: z.boolean(),
      show_tax: z.boolean(),
      show_remarks: z.boolean(),
      copy_label: z.string(),
    })
    .nullable(),
  marks_goods: z
    .object({ marks: z.string().nullable(), goods_description: z.string().nullable() })
    .nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TTemplate = z.infer<typeof ZTemplate>;

export const ZTemplateSearchQuery = z.object({
  tab: z.enum(TEMPLATE_TABS).default('mine'),
  q: z.string().trim().max(100).optional().describe('Name contains'),
  tag: z.string().trim().toLowerCase().max(30).optional(),
  category: z.enum(TEMPLATE_CATEGORIES, { message: MSG.fieldInvalid }).optional(),
  owner: z.string().trim().max(100).optional().describe("Owner's name or login contains"),
  kind: z.enum(TEMPLATE_KINDS).optional().describe('Only templates that fill this (active ones)'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(400).optional().describe('next_cursor of the previous page'),
});
export type TTemplateSearchQuery = z.input<typeof ZTemplateSearchQuery>;
export const ZTemplateSearchResponse = z.object({
  rows: z.array(ZTemplateSummary),
  next_cursor: z.string().nullable(),
});
export type TTemplateSearchResponse = z.infer<typeof ZTemplateSearchResponse>;

export const ZTemplateIdParams = z.object({
  tmplib_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZTemplateShareParams = z.object({
  share_code: z.string().trim().min(1).max(40),
});
export const ZTemplateApplyParams = ZTemplateIdParams.extend({
  inv_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZTemplateFavouriteResponse = z.object({ is_favourite: z.boolean() });
export const ZTemplateShareResponse = z.object({ share_code: z.string(), path: z.string() });

/** One invoice line computed from a template line: what the invoice's General Charge tab appends. */
export const ZAppliedLine = z.object({
  charge_code: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  unit_price: z.string(),
  quantity: z.string(),
  uom: z.string(),
  dr_cr: z.enum(['DR', 'CR']),
  tax_code: z.string().nullable(),
  tax_rate: z.string(),
  basis: z.enum(TEMPLATE_BASES),
  /** Units of the reference basis found on the invoice (jobs, HBLs, containers of the size, groups). */
  references: z.number().int(),
  /** The template line's total in its currency before and after the min/max clamp. */
  template_currency: z.string(),
  template_total: z.string(),
  clamped: z.enum(['MIN', 'MAX']).nullable(),
  exchange_rate: z.string().describe('Template currency → invoice currency'),
});
export type TAppliedLine = z.infer<typeof ZAppliedLine>;
export const ZApplyToInvoiceResponse = z.object({
  inv_id: z.number().int(),
  currency: z.string(),
  lines: z.array(ZAppliedLine),
  /** Template lines left out: their basis found nothing on the invoice (e.g. no containers). */
  skipped: z.number().int(),
});
export type TApplyToInvoiceResponse = z.infer<typeof ZApplyToInvoiceResponse>;
