import { describe, expect, it } from 'vitest';
import { ZInvoiceLineInput } from './invoice';

const line = (tax_rate: string) => ({
  charge_code: 'OFR',
  description: 'Ocean freight',
  unit_price: '100',
  quantity: '1',
  uom: 'SHPT',
  dr_cr: 'DR',
  tax_rate,
});

describe('an invoice line’s tax rate', () => {
  it('refuses text that is not a number with the field’s message instead of throwing (a 500 before)', () => {
    for (const bad of ['abc', '1e3', '-5', '']) {
      const r = ZInvoiceLineInput.safeParse(line(bad));
      expect(r.success, bad).toBe(false);
      expect(
        r.error?.issues.map((i) => [i.path.join('.'), i.message]),
        bad,
      ).toEqual([['tax_rate', 'msgFieldInvalid']]);
    }
  });

  it('takes 0 to 100 with up to four decimals and refuses more than 100', () => {
    expect(ZInvoiceLineInput.safeParse(line('13.0000')).success).toBe(true);
    expect(ZInvoiceLineInput.safeParse(line('100')).success).toBe(true);
    expect(ZInvoiceLineInput.safeParse(line('100.0001')).success).toBe(false);
  });
});
