import type { TEmailTemplateRecord } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './email-template-form-values';

describe('e-mail template form', () => {
  it('starts a new template active with empty texts and no event', () => {
    expect(toFormValues(null)).toMatchObject({ event_code: null, subject_en: '', body_cn: '', active: true });
  });

  it('reads a template and sends its texts as they are, with an empty event as empty text', () => {
    const r = {
      event_code: 'invoice.posted',
      subject_en: 'Posted',
      subject_hk: '已過帳',
      subject_cn: '已过账',
      body_en: 'Hello {{name}}',
      body_hk: '',
      body_cn: '',
      active: false,
    } as TEmailTemplateRecord;
    const v = toFormValues(r);
    expect(toRequest(v as unknown as Record<string, unknown>)).toEqual({
      ...v,
      event_code: 'invoice.posted',
    });
    expect(toRequest({ subject_en: ' S ' })).toMatchObject({
      event_code: '',
      subject_en: ' S ',
      active: true,
    });
  });
});
