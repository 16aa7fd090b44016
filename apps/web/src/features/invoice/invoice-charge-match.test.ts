import { describe, expect, it } from 'vitest';
import { chargeMatches } from './invoice-charge-match';

const opt = (code: string, text: string) => ({ value: code, label: `${code} - ${text}` });
const OPTIONS = [
  opt('AFR', 'Air freight'),
  opt('BLF', 'Bill of lading fee'),
  opt('OFR', 'Ocean freight'),
  opt('OFR', 'Ocean freight'),
  opt('PSH', 'Profit share'),
];

describe('chargeMatches (the charge box, issue 38)', () => {
  it('lists codes starting with the text first, then text matches, each charge once', () => {
    expect(chargeMatches(OPTIONS, 'OF').map((o) => o.value)).toEqual(['OFR', 'BLF', 'PSH']);
    expect(chargeMatches(OPTIONS, 'fr').map((o) => o.value)).toEqual(['AFR', 'OFR']);
    expect(chargeMatches(OPTIONS, '').map((o) => o.value)).toEqual(['AFR', 'BLF', 'OFR', 'PSH']);
  });
});
