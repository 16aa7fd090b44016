import { describe, expect, it } from 'vitest';
import { cardLink, filterOf, overdueDrillLink, statementLang, typedFilter } from './finance-links';

describe('finance links and filters', () => {
  it('reads the filter bar from the address, leaving out empty and unknown parameters', () => {
    expect(filterOf(new URLSearchParams('office=HKG&currency=&preset=1m&page=3&as_of=2026-11-01'))).toEqual({
      office: 'HKG',
      preset: '1m',
      as_of: '2026-11-01',
    });
    expect(filterOf(new URLSearchParams(''))).toEqual({});
  });

  it("opens a card's list with the filter bar and the card's own choice", () => {
    expect(cardLink('receivable', { office: 'HKG', preset: '1m' })).toBe(
      '/FIN/Search/Outstanding?office=HKG&preset=1m&inv_type=AR',
    );
    expect(cardLink('unposted', {})).toBe('/FIN/Search/PendingPosting');
    expect(cardLink('payable', { currency: 'USD' })).toBe('/FIN/Search/Outstanding?currency=USD&inv_type=AP');
  });

  it('opens the credit breaches report without the date preset', () => {
    expect(cardLink('creditBreaches', { office: 'HKG', preset: '1m' })).toBe(
      '/FIN/Search/CustomerOverdueReport?office=HKG&breach=true',
    );
  });

  it("opens an overdue customer's outstanding receivables with the report's office, currency and day", () => {
    expect(
      overdueDrillLink('C001', { office: 'HKG', currency: '', as_of: '2026-10-31', breach: 'true' }),
    ).toBe('/FIN/Search/Outstanding?inv_type=AR&customer=C001&office=HKG&as_of=2026-10-31');
  });

  it('asks the statement in the screen’s language', () => {
    expect(statementLang('zh-HK')).toBe('zh_hk');
    expect(statementLang('zh-CN')).toBe('zh_cn');
    expect(statementLang('en-US')).toBe('en');
  });

  it('applies a typed code in capitals and trimmed, a date as typed, an empty box as nothing', () => {
    expect(typedFilter(' hkg ', true)).toBe('HKG');
    expect(typedFilter('2026-11-01', false)).toBe('2026-11-01');
    expect(typedFilter('   ', true)).toBeUndefined();
  });
});
