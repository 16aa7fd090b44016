import { z } from 'zod';
import { EMAIL_TEMPLATE_LANGUAGES } from './email-template-catalogue';
import { recordStamps, versionRead } from './fields';
import { listResponse, ZListQuery } from './list';
import { MSG } from './msg-keys';
import { EMAIL_TEMPLATE_SORTABLE } from './screen-catalogue';

export * from './email-template-catalogue';
export { EMAIL_TEMPLATE_SORTABLE } from './screen-catalogue';

const subject = (required: boolean) =>
  required
    ? z.string().trim().min(1, MSG.fieldRequired).max(300, MSG.fieldTooLong)
    : z.string().trim().max(300, MSG.fieldTooLong).default('');
const body = (required: boolean) =>
  required
    ? z.string().trim().min(1, MSG.fieldRequired).max(20_000, MSG.fieldTooLong)
    : z.string().trim().max(20_000, MSG.fieldTooLong).default('');

/**
 * Fields of an e-mail template. en-US is required; an empty zh-HK or zh-CN text falls back to en-US.
 * Subject and body are plain text with {{placeholders}}: the HTML mail escapes everything.
 */
export const ZEmailTemplateFields = z.object({
  event_code: z
    .string()
    .trim()
    .min(1, MSG.fieldRequired)
    .max(64, MSG.fieldTooLong)
    .regex(/^[A-Za-z0-9_]+$/, MSG.fieldInvalid)
    .describe('Catalogue event code'),
  subject_en: subject(true),
  subject_hk: subject(false),
  subject_cn: subject(false),
  body_en: body(true),
  body_hk: body(false),
  body_cn: body(false),
  active: z.boolean().default(true).describe('Inactive: mails use the built-in default'),
});
export const ZCreateEmailTemplateRequest = ZEmailTemplateFields;
export type TCreateEmailTemplateRequest = z.input<typeof ZCreateEmailTemplateRequest>;
export const ZUpdateEmailTemplateRequest = ZEmailTemplateFields.omit({ event_code: true }).extend({
  version: versionRead,
});
export type TUpdateEmailTemplateRequest = z.input<typeof ZUpdateEmailTemplateRequest>;

export const ZEmailTemplateIdParams = z.object({ id: z.uuid({ message: MSG.noRecordFound }) });

export const ZEmailTemplateRecord = z.object({
  id: z.string(),
  event_code: z.string(),
  module: z.string().nullable().describe('Catalogue module of the event code'),
  subject_en: z.string(),
  subject_hk: z.string(),
  subject_cn: z.string(),
  body_en: z.string(),
  body_hk: z.string(),
  body_cn: z.string(),
  active: z.boolean(),
  placeholders: z.array(z.string()).describe('Placeholders the event offers, with sample values in preview'),
  ...recordStamps,
});
export type TEmailTemplateRecord = z.infer<typeof ZEmailTemplateRecord>;

export const ZEmailTemplateListQuery = ZListQuery.extend({
  sort: z.enum(EMAIL_TEMPLATE_SORTABLE).optional(),
});
export type TEmailTemplateListQuery = z.infer<typeof ZEmailTemplateListQuery>;
export const ZEmailTemplateListResponse = listResponse(ZEmailTemplateRecord);

/** Renders a subject and body (unsaved edits too) with the event's sample data. */
export const ZEmailTemplatePreviewRequest = z.object({
  event_code: ZEmailTemplateFields.shape.event_code,
  language: z.enum(EMAIL_TEMPLATE_LANGUAGES).default('en-US'),
  subject: z.string().max(300, MSG.fieldTooLong),
  body: z.string().max(20_000, MSG.fieldTooLong),
});
export type TEmailTemplatePreviewRequest = z.input<typeof ZEmailTemplatePreviewRequest>;
export const ZEmailTemplatePreview = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string().describe('Escaped HTML: values and template text never become markup'),
  sample: z.record(z.string(), z.string()).describe('The sample values used'),
});
export type TEmailTemplatePreview = z.infer<typeof ZEmailTemplatePreview>;

/** Whether the e-mail template screens are switched on (FEATURE_EMAIL_TEMPLATES). */
export const ZEmailTemplateFeature = z.object({ enabled: z.boolean() });

/** An event code the template screen offers, with its placeholders. */
export const ZEmailTemplateEvent = z.object({
  event_code: z.string(),
  module: z.string(),
  sub_module: z.string().nullable(),
  placeholders: z.array(z.string()),
  has_template: z.boolean(),
});
export const ZEmailTemplateEventList = z.array(ZEmailTemplateEvent);
export type TEmailTemplateEvent = z.infer<typeof ZEmailTemplateEvent>;
