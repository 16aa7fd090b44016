import {
  EMAIL_TEMPLATE_LANGUAGE_SUFFIX,
  MSG,
  NOTIFICATION_EVENT_CODES,
  type TEmailTemplateLanguage,
  type TEmailTemplateListQuery,
  type ZCreateEmailTemplateRequest,
  type ZEmailTemplatePreviewRequest,
  type ZUpdateEmailTemplateRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { offsetPageAnswer } from '../../platform/list/offset-page';
import { defaultTemplate, eventName, isCatalogueEvent, sampleFor } from './email-template.defaults';
import { type RenderedEmail, renderTemplate } from './email-template.render';
import { type EmailTemplateRow, emailTemplateRepository as repo } from './email-template.repository';

export const EMAIL_TEMPLATE_ENTITY = 'email_template';
const EDITABLE = [
  'subject_en',
  'subject_hk',
  'subject_cn',
  'body_en',
  'body_hk',
  'body_cn',
  'active',
] as const;

type CreateInput = z.output<typeof ZCreateEmailTemplateRequest>;
type UpdateInput = z.output<typeof ZUpdateEmailTemplateRequest>;

/** What a save writes: every field, the event code on create only (an update cannot change it). */
type Values = Omit<CreateInput, 'event_code'> & { event_code?: string };

/**
 * Create and update with version check and history (versionedRecord); a second template of the same event
 * code (a concurrent create) answers 409 duplicate.
 */
const versioned = versionedRecord<EmailTemplateRow, Values, string>({
  entityType: EMAIL_TEMPLATE_ENTITY,
  repo: {
    byId: repo.byId,
    insert: (db, values) => repo.insert(db, { ...values, event_code: values.event_code ?? '' }),
    updateIfVersion: repo.updateIfVersion,
  },
  idOf: (r) => r.id,
  editable: EDITABLE,
  onError: (e, v) => {
    if (isUniqueViolation(e) && v.event_code !== undefined) throw duplicate(v.event_code);
    throw e;
  },
});

/** Params of one mail (the event's email_subject_param and email_body_param). */
export interface EmailParams {
  email_subject_param?: Record<string, unknown> | null;
  email_body_param?: Record<string, unknown> | null;
}

const duplicate = (code: string) =>
  new AppError(409, MSG.emailTemplateDuplicate, { params: { value: code } });
const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505');

/** Subject and body of a language, falling back to en-US for an empty text. */
function pick(
  t: Pick<EmailTemplateRow, 'subject_en' | 'subject_hk' | 'subject_cn' | 'body_en' | 'body_hk' | 'body_cn'>,
  language: TEmailTemplateLanguage,
) {
  const sfx = EMAIL_TEMPLATE_LANGUAGE_SUFFIX[language] ?? 'en';
  const subject = t[`subject_${sfx}`] || t.subject_en;
  const body = t[`body_${sfx}`] || t.body_en;
  return { subject, body };
}

/**
 * The mail of an event in a language: the event code's active template (any language left empty falls
 * back to en-US), or the built-in default. `event_name` is filled unless the params carry one.
 */
export async function renderEmail(
  db: DbOrTx,
  eventCode: string,
  language: string,
  params: EmailParams = {},
): Promise<RenderedEmail & { templateId: string | null }> {
  const lang = (language in EMAIL_TEMPLATE_LANGUAGE_SUFFIX ? language : 'en-US') as TEmailTemplateLanguage;
  const row = await repo.byEventCode(db, eventCode);
  const template = row?.active ? row : null;
  const { subject, body } = pick(template ?? defaultTemplate(eventCode), lang);
  const base = { event_name: eventName(eventCode, lang) };
  return {
    ...renderTemplate(
      subject,
      body,
      { ...base, ...params.email_subject_param },
      { ...base, ...params.email_body_param },
    ),
    templateId: template?.id ?? null,
  };
}

/** Admin e-mail template maintenance (000 §2.3 NotificationCenter). */
export const emailTemplateService = {
  async list(db: Db, q: TEmailTemplateListQuery) {
    const page = await repo.page(db, q);
    return offsetPageAnswer(page, q);
  },

  async get(db: DbOrTx, id: string) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  history: (db: Db, id: string) => listHistory(db, EMAIL_TEMPLATE_ENTITY, id),

  /** Catalogue event codes with whether each has a template (the "new" screen offers the others). */
  async events(db: Db) {
    const used = new Set(await repo.eventCodes(db));
    return NOTIFICATION_EVENT_CODES.map((c) => ({ code: c, has_template: used.has(c) }));
  },

  async create({ db, input, actor }: { db: Db; input: CreateInput; actor: Actor }) {
    if (!isCatalogueEvent(input.event_code))
      throw badRequest(
        [{ field: 'event_code', msgKey: MSG.emailTemplateEventUnknown, params: { value: input.event_code } }],
        MSG.emailTemplateEventUnknown,
      );
    if (await repo.byEventCode(db, input.event_code)) throw duplicate(input.event_code);
    return versioned.create({ db, input, actor });
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  update: ({ db, id, input, actor }: { db: Db; id: string; input: UpdateInput; actor: Actor }) =>
    versioned.update({ db, id, input, actor }),

  /** Renders an unsaved subject and body with the event's sample data. */
  preview(input: z.output<typeof ZEmailTemplatePreviewRequest>) {
    const sample = sampleFor(input.event_code, input.language);
    return { ...renderTemplate(input.subject, input.body, sample, sample), sample };
  },
};

/** Seeds the built-in template of every catalogue event that has none (never overwrites an edit). */
export async function seedEmailTemplates(db: DbOrTx): Promise<number> {
  return repo.insertMissing(
    db,
    NOTIFICATION_EVENT_CODES.map((c) => ({
      ...defaultTemplate(c),
      created_by: 'system',
      updated_by: 'system',
    })),
  );
}
