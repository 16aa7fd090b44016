import type { TCreateEmailTemplateRequest, TEmailTemplateRecord } from '@portal/contracts';

/** The template form's values. */
export interface EmailTemplateFormValues {
  event_code: string | null;
  subject_en: string;
  subject_hk: string;
  subject_cn: string;
  body_en: string;
  body_hk: string;
  body_cn: string;
  active: boolean;
}

/** Form values for a loaded template, or the defaults of a new one. */
export function toFormValues(r: TEmailTemplateRecord | null): EmailTemplateFormValues {
  return {
    event_code: r?.event_code ?? null,
    subject_en: r?.subject_en ?? '',
    subject_hk: r?.subject_hk ?? '',
    subject_cn: r?.subject_cn ?? '',
    body_en: r?.body_en ?? '',
    body_hk: r?.body_hk ?? '',
    body_cn: r?.body_cn ?? '',
    active: r?.active ?? true,
  };
}

/** The request body (the server ignores event_code on an edit). */
export function toRequest(values: Record<string, unknown>): TCreateEmailTemplateRequest {
  const v = values as Partial<EmailTemplateFormValues>;
  return {
    event_code: v.event_code ?? '',
    subject_en: v.subject_en ?? '',
    subject_hk: v.subject_hk ?? '',
    subject_cn: v.subject_cn ?? '',
    body_en: v.body_en ?? '',
    body_hk: v.body_hk ?? '',
    body_cn: v.body_cn ?? '',
    active: v.active ?? true,
  };
}
