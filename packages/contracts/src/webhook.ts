import { z } from 'zod';
import { optText, recordStamps, versionRead } from './fields';
import { listResponse, ZListQuery } from './list';
import { WEBHOOK_SORTABLE } from './maintenance-catalogue';
import { MSG } from './msg-keys';
import { isWebhookUrl, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_SECRET_MIN } from './webhook-catalogue';

export { WEBHOOK_SORTABLE } from './maintenance-catalogue';
export * from './webhook-catalogue';

const url = z
  .string()
  .trim()
  .min(1, MSG.fieldRequired)
  .max(2000, MSG.fieldTooLong)
  .refine(isWebhookUrl, MSG.webhookUrlInvalid)
  .describe('Absolute http:// or https:// address the events are POSTed to');
const eventCodes = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_]+$/, MSG.fieldInvalid),
  )
  .min(1, MSG.fieldRequired)
  .max(100)
  .describe('Catalogue event codes this endpoint receives');
const description = optText(200);

/** Fields an administrator edits on a webhook endpoint. */
export const ZCreateWebhookEndpointRequest = z.object({
  party_id: z
    .number()
    .int()
    .positive({ message: MSG.fieldRequired })
    .max(2_147_483_647, MSG.webhookPartyInvalid)
    .describe('The customer party'),
  url,
  secret: z
    .string()
    .min(WEBHOOK_SECRET_MIN, MSG.fieldTooShort)
    .max(200, MSG.fieldTooLong)
    .describe('Shared secret for the HMAC-SHA256 signature; never answered back'),
  event_codes: eventCodes,
  description,
  active: z.boolean().default(true),
});
export type TCreateWebhookEndpointRequest = z.input<typeof ZCreateWebhookEndpointRequest>;

export const ZUpdateWebhookEndpointRequest = ZCreateWebhookEndpointRequest.omit({
  party_id: true,
  secret: true,
}).extend({
  secret: z
    .string()
    .max(200, MSG.fieldTooLong)
    .optional()
    .refine((v) => !v || v.length >= WEBHOOK_SECRET_MIN, MSG.fieldTooShort)
    .describe('A new secret; empty or absent keeps the current one'),
  version: versionRead,
});
export type TUpdateWebhookEndpointRequest = z.input<typeof ZUpdateWebhookEndpointRequest>;

export const ZWebhookEndpointIdParams = z.object({ id: z.uuid({ message: MSG.noRecordFound }) });

/** A webhook endpoint as the admin screen shows it (the secret never leaves the server). */
export const ZWebhookEndpointRecord = z.object({
  id: z.string(),
  party_id: z.number().int(),
  party_code: z.string(),
  party_name: z.string(),
  url: z.string(),
  event_codes: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
  secret_hint: z.string().describe('The last 4 characters of the secret, for recognising it'),
  ...recordStamps,
});
export type TWebhookEndpointRecord = z.infer<typeof ZWebhookEndpointRecord>;

export const ZWebhookEndpointListQuery = ZListQuery.extend({
  sort: z.enum(WEBHOOK_SORTABLE).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type TWebhookEndpointListQuery = z.infer<typeof ZWebhookEndpointListQuery>;
export const ZWebhookEndpointListResponse = listResponse(ZWebhookEndpointRecord);

/** One delivery of one event to one endpoint, as the delivery log shows it. */
export const ZWebhookDeliveryRecord = z.object({
  id: z.string(),
  event_code: z.string(),
  doc_code: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable().describe('HTTP status of the last answer, null if none came'),
  last_response: z.string().nullable().describe('First 1,000 characters of the last answer, or the error'),
  test: z.boolean(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type TWebhookDeliveryRecord = z.infer<typeof ZWebhookDeliveryRecord>;

export const ZWebhookDeliveryListQuery = ZListQuery.pick({ page: true, pageSize: true }).extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type TWebhookDeliveryListQuery = z.infer<typeof ZWebhookDeliveryListQuery>;
export const ZWebhookDeliveryListResponse = listResponse(ZWebhookDeliveryRecord);

/** The JSON body POSTed to a customer's endpoint (documented in the OpenAPI description and docs). */
export const ZWebhookPayload = z.object({
  delivery_id: z.string(),
  event_id: z.string().nullable(),
  event_code: z.string(),
  module: z.string(),
  sub_module: z.string().nullable(),
  doc_code: z.string(),
  documents: z.record(z.string(), z.string()).describe('Document numbers, e.g. so_no, job_no'),
  party_code: z.string().describe('The receiving customer party (always one on the document)'),
  occurred_at: z.string(),
  link: z.string().describe('Absolute address of the document in the portal'),
  test: z.boolean(),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
