import type { TSysNoticeRecord } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fromHkPicker, toFormValues, toHkPicker, toRequest } from './sys-notice-form-values';

describe('system notice form', () => {
  it('shows a UTC instant as Hong Kong wall-clock time and writes it back with +08:00', () => {
    const picked = toHkPicker('2026-03-01T16:30:00Z');
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-03-02 00:30');
    expect(fromHkPicker(picked)).toBe('2026-03-02T00:30:00+08:00');
    expect(Date.parse(fromHkPicker(picked))).toBe(Date.parse('2026-03-01T16:30:00Z'));
  });

  it('starts a new notice as a NOTICE without times', () => {
    expect(toFormValues(null)).toEqual({
      notice_type: 'NOTICE',
      notice_title: '',
      notice_body: '',
      affected_system: '',
      remarks: '',
      valid_from: null,
      valid_to: null,
    });
  });

  it('reads a saved notice in Hong Kong time and sends trimmed texts, empty optional ones as null', () => {
    const n = {
      notice_type: 'MAINTENANCE',
      notice_title: 'T',
      notice_body: 'B',
      affected_system: null,
      remarks: null,
      valid_from: '2026-03-01T00:00:00Z',
      valid_to: '2026-03-02T00:00:00Z',
    } as unknown as TSysNoticeRecord;
    const v = toFormValues(n);
    expect(v.valid_from?.format('YYYY-MM-DD HH:mm')).toBe('2026-03-01 08:00');
    const body = toRequest({ ...v, notice_title: ' Title ', remarks: ' ' });
    expect(body).toEqual({
      notice_type: 'MAINTENANCE',
      notice_title: 'Title',
      notice_body: 'B',
      affected_system: null,
      remarks: null,
      valid_from: '2026-03-01T08:00:00+08:00',
      valid_to: '2026-03-02T08:00:00+08:00',
    });
    expect(toRequest({ valid_from: null, valid_to: dayjs('bad') })).toMatchObject({
      valid_from: '',
      valid_to: '',
    });
  });
});
