import type { TEmailTemplateRecord } from '@portal/contracts';
import { moduleOf, placeholdersFor } from './email-template.defaults';
import type { EmailTemplateRow } from './email-template.repository';

const iso = (v: string) => new Date(v).toISOString();

/** A template as the admin screen shows it, with the placeholders its event offers. */
export function presentEmailTemplate(r: EmailTemplateRow): TEmailTemplateRecord {
  return {
    id: r.id,
    event_code: r.event_code,
    module: moduleOf(r.event_code),
    subject_en: r.subject_en,
    subject_hk: r.subject_hk,
    subject_cn: r.subject_cn,
    body_en: r.body_en,
    body_hk: r.body_hk,
    body_cn: r.body_cn,
    active: r.active,
    placeholders: placeholdersFor(r.event_code),
    version: r.version,
    created_at: iso(r.created_at),
    created_by: r.created_by,
    updated_at: iso(r.updated_at),
    updated_by: r.updated_by,
  };
}
