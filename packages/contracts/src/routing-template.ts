import { z } from 'zod';
import type { TFieldError } from './errors';
import { exportLang, isoDate, recordStamps, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { ROUTING_TEMPLATE_SORTABLE } from './maintenance-catalogue';
import { MSG } from './msg-keys';

export { ROUTING_TEMPLATE_FILTER_FIELDS, ROUTING_TEMPLATE_SORTABLE } from './maintenance-catalogue';

const locode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^([A-Z]{2}[A-Z0-9]{3})?$/, MSG.fieldInvalid))
  .nullish()
  .transform((v) => (v ? v : null));
const partyId = z.number({ message: MSG.fieldInvalid }).int(MSG.fieldInvalid).positive(MSG.fieldInvalid);

/** Fields of a routing template (002 §3 Routing template). */
export const ZRoutingTemplateFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, MSG.fieldRequired)
    .max(100, MSG.fieldTooLong)
    .describe('Unique, case-insensitive'),
  customer_party_id: partyId
    .nullish()
    .transform((v) => v ?? null)
    .describe('Customer party; empty = any customer of the consignee'),
  consignee_party_id: partyId.describe('Consignee party (required)'),
  pod: locode.describe('Port of discharge, UN/LOCODE'),
  pld: locode.describe('Place of delivery, UN/LOCODE'),
  fd: locode.describe('Final destination, UN/LOCODE'),
  effective_from: isoDate,
  effective_to: isoDate.nullish().transform((v) => v ?? null),
  can_overwrite: z.boolean().describe('Whether a booking may change the routing the template fills in'),
  eta_validation: z
    .boolean()
    .describe('Whether bookings check the PLD and FD ETA order (validateRoutingEtas)'),
});

/** The rules of 002 §5 Routing template that span fields: a port, and effective to not before from. */
const templateRules = <T extends z.output<typeof ZRoutingTemplateFields>>(v: T, ctx: z.RefinementCtx) => {
  if (!v.pod && !v.pld && !v.fd) {
    for (const path of ['pod', 'pld', 'fd']) {
      ctx.addIssue({ code: 'custom', path: [path], message: MSG.routingTemplatePortRequired });
    }
  }
  if (v.effective_to && v.effective_to < v.effective_from) {
    ctx.addIssue({ code: 'custom', path: ['effective_to'], message: MSG.effectiveToBeforeFrom });
  }
};

export const ZCreateRoutingTemplateRequest = ZRoutingTemplateFields.superRefine(templateRules);
export type TCreateRoutingTemplateRequest = z.input<typeof ZCreateRoutingTemplateRequest>;
export const ZUpdateRoutingTemplateRequest = ZRoutingTemplateFields.extend({
  version: versionRead,
}).superRefine(templateRules);
export type TUpdateRoutingTemplateRequest = z.input<typeof ZUpdateRoutingTemplateRequest>;

export const ZRoutingTemplate = z.object({
  routing_template_id: z.number().int(),
  name: z.string(),
  customer_party_id: z.number().int().nullable(),
  customer_name: z.string().nullable().describe('"CODE - Full name" of the customer'),
  consignee_party_id: z.number().int(),
  consignee_name: z.string().nullable(),
  pod: z.string().nullable(),
  pod_name: z.string().nullable(),
  pld: z.string().nullable(),
  pld_name: z.string().nullable(),
  fd: z.string().nullable(),
  fd_name: z.string().nullable(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  can_overwrite: z.boolean(),
  eta_validation: z.boolean(),
  ...recordStamps,
});
export type TRoutingTemplate = z.infer<typeof ZRoutingTemplate>;

export const ZRoutingTemplateListQuery = ZListQuery.extend({
  filters: customFiltersParam('ROUTING_TEMPLATE_FILTER_FIELDS'),
  sort: z.enum(ROUTING_TEMPLATE_SORTABLE).optional(),
  consignee_party_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  customer_party_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  active_on: isoDate.optional().describe('Only templates effective on this date'),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZRoutingTemplateExportQuery = ZRoutingTemplateListQuery.extend(exportLang);
export type TRoutingTemplateListQuery = z.infer<typeof ZRoutingTemplateListQuery>;
export const ZRoutingTemplateListResponse = listResponse(ZRoutingTemplate);
export type TRoutingTemplateListResponse = z.infer<typeof ZRoutingTemplateListResponse>;
export const ZRoutingTemplateIdParams = z.object({
  routing_template_id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** ETAs of a booking's routing legs; a missing one is not checked. Dates or ISO strings. */
export interface TRoutingEtas {
  pod_eta?: string | Date | null;
  pld_eta?: string | Date | null;
  fd_eta?: string | Date | null;
}

const time = (v: string | Date | null | undefined) => {
  if (v === null || v === undefined || v === '') return null;
  const ms = v instanceof Date ? v.getTime() : Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * The ETA order of 002 §5 Routing template, for bookings whose template has eta_validation: PLD ETA must lie
 * between POD ETA and FD ETA, and FD ETA must not precede POD or PLD ETA. Answers one error per field at
 * fault (field pld_eta or fd_eta), none when the order holds.
 */
export function validateRoutingEtas(etas: TRoutingEtas): TFieldError[] {
  const pod = time(etas.pod_eta);
  const pld = time(etas.pld_eta);
  const fd = time(etas.fd_eta);
  const errors: TFieldError[] = [];
  if (pld !== null && ((pod !== null && pld < pod) || (fd !== null && pld > fd))) {
    errors.push({ field: 'pld_eta', msgKey: MSG.routingPldEtaOrder });
  }
  if (fd !== null && ((pod !== null && fd < pod) || (pld !== null && fd < pld))) {
    errors.push({ field: 'fd_eta', msgKey: MSG.routingFdEtaOrder });
  }
  return errors;
}
