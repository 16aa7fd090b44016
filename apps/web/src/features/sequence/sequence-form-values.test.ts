import { seqPeriodKey, type TSequenceRuleDetail } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { previewNumber, toFormValues, toRequest } from './sequence-form-values';

const at = new Date(2026, 4, 15, 12, 0, 0);

describe('sequence rule form', () => {
  it('starts a new rule: office included, YYMM, width 5, monthly from 1, active', () => {
    expect(toFormValues(null)).toMatchObject({
      include_office: true,
      date_format: 'YYMM',
      seq_width: 5,
      reset_period: 'MONTHLY',
      start_number: 1,
      status: 'A',
    });
  });

  it('sends the prefix and office in capitals, an empty office and description as null', () => {
    const body = toRequest({
      doc_type: 'INV',
      office_code: ' ',
      description: ' ',
      prefix: ' inv ',
      include_office: 'true',
      date_format: 'YYMM',
      separator: '-',
      seq_width: 4,
      reset_period: 'YEARLY',
      start_number: 10,
      status: 'A',
    });
    expect(body).toMatchObject({
      office_code: null,
      description: null,
      prefix: 'INV',
      include_office: false,
      separator: '-',
      seq_width: 4,
      start_number: 10,
    });
    expect(toRequest({ seq_width: '4', separator: 5 })).toMatchObject({
      seq_width: undefined,
      separator: '',
    });
  });

  it('previews the start number with the office, date and width, and nothing while incomplete', () => {
    const v = { ...toFormValues(null), prefix: 'inv', office_code: 'hkg', separator: '-', start_number: 7 };
    const n = previewNumber(v, null, at);
    expect(n).toContain('INV');
    expect(n).toContain('HKG');
    expect(n).toContain('2605');
    expect(n?.endsWith('00007')).toBe(true);
    expect(previewNumber({ ...v, seq_width: null }, null, at)).toBeNull();
    expect(previewNumber({ ...v, start_number: null }, null, at)).toBeNull();
  });

  it("previews the saved rule's next number while its period stays, else the start number", () => {
    const v = { ...toFormValues(null), prefix: 'P', include_office: false, separator: '', start_number: 1 };
    const saved = {
      reset_period: 'MONTHLY',
      current_period_key: seqPeriodKey('MONTHLY', at),
      next_number: 42,
    } as TSequenceRuleDetail;
    expect(previewNumber(v, saved, at)).toBe(`P${seqPeriodKey('MONTHLY', at).slice(2)}00042`);
    expect(previewNumber(v, { ...saved, current_period_key: '202604' }, at)?.endsWith('00001')).toBe(true);
    expect(previewNumber({ ...v, reset_period: 'YEARLY' }, saved, at)?.endsWith('00001')).toBe(true);
  });
});
