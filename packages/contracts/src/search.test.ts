import { describe, expect, it } from 'vitest';
import { matchedPrefixLength, normaliseDocumentNumber } from './search';

describe('document number normalisation', () => {
  it('drops spaces and dashes of every width and upper-cases', () => {
    expect(normaliseDocumentNumber(' msku-123 4567 ')).toBe('MSKU1234567');
    expect(normaliseDocumentNumber('po\u00a0\u2013\u3000ab\uff0d1')).toBe('POAB1');
    expect(normaliseDocumentNumber('SO/HKG.1_2#')).toBe('SO/HKG.1_2#');
  });
});

describe('matchedPrefixLength (the highlighted part)', () => {
  it('covers the written number up to the last matched character, separators included', () => {
    expect(matchedPrefixLength('MSKU-123 4567', 'msku1234')).toBe('MSKU-123 4'.length);
    expect(matchedPrefixLength('MSKU1234567', 'MSKU-12')).toBe(6);
    expect(matchedPrefixLength('Harbour Light', 'harbourl')).toBe('Harbour L'.length);
  });

  it('is 0 when the number does not start with the query, or the query is empty', () => {
    expect(matchedPrefixLength('MSKU1234567', '1234')).toBe(0);
    expect(matchedPrefixLength('MSKU', 'MSKU1')).toBe(0);
    expect(matchedPrefixLength('MSKU', ' - ')).toBe(0);
  });
});
