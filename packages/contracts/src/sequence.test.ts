import { describe, expect, it } from 'vitest';
import { formatSequenceNumber, seqPeriodKey, type TSeqFormat } from './sequence';

const rule = (over: Partial<TSeqFormat> = {}): TSeqFormat => ({
  prefix: 'SO',
  include_office: true,
  date_format: 'YYMM',
  separator: '',
  seq_width: 5,
  reset_period: 'MONTHLY',
  ...over,
});

describe('sequence numbers', () => {
  const at = new Date('2026-01-31T16:30:00Z'); // already 1 February in Hong Kong

  it('joins prefix, office, date part and the padded running number on the Hong Kong calendar', () => {
    expect(formatSequenceNumber(rule(), { officeCode: 'HKG', at, number: 7 })).toBe('SOHKG260200007');
    expect(
      formatSequenceNumber(rule({ separator: '-', date_format: 'YYYY' }), {
        officeCode: 'SZX',
        at,
        number: 12,
      }),
    ).toBe('SO-SZX-2026-00012');
  });

  it('leaves out empty parts and never cuts a number wider than its width', () => {
    expect(
      formatSequenceNumber(
        rule({ prefix: '', include_office: false, date_format: 'NONE', separator: '/', seq_width: 3 }),
        {
          officeCode: 'HKG',
          at,
          number: 12345,
        },
      ),
    ).toBe('12345');
  });

  it('names the counter period by the reset period', () => {
    expect(seqPeriodKey('NEVER', at)).toBe('');
    expect(seqPeriodKey('YEARLY', at)).toBe('2026');
    expect(seqPeriodKey('MONTHLY', at)).toBe('202602');
    expect(seqPeriodKey('MONTHLY', new Date('2026-01-31T15:59:59Z'))).toBe('202601');
  });
});
