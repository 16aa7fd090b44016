import { describe, expect, it } from 'vitest';
import {
  allowedInvoiceActions,
  INVOICE_ACTIONS,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  invoiceAgeColour,
  invoiceTransition,
} from './invoice';
import { convertMoney, invoiceTotals, lineMoney } from './invoice-money';

const line = (unit_price: string, quantity = '1', o: Partial<Parameters<typeof lineMoney>[0]> = {}) => ({
  unit_price,
  quantity,
  price_includes_tax: false,
  tax_rate: '0',
  dr_cr: 'DR' as const,
  ...o,
});

describe('invoice money', () => {
  it('adds 0.1 and 0.2 to exactly 0.30 (a float would give 0.30000000000000004)', () => {
    const t = invoiceTotals([line('0.1'), line('0.2')], 'USD', '1', 'USD');
    expect(t.total_amount).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('totals 10,000 lines of 0.01 to exactly 100.00', () => {
    const lines = Array.from({ length: 10_000 }, () => line('0.01'));
    expect(invoiceTotals(lines, 'HKD', '1', 'HKD').total_amount).toBe('100.00');
  });

  it('totals many lines of 19.99 × 3 at 6 % exclusive without drift', () => {
    const lines = Array.from({ length: 1000 }, () => line('19.99', '3', { tax_rate: '6' }));
    const t = invoiceTotals(lines, 'CNY', '1.090000', 'HKD');
    // each line: 59.97 net, 3.60 tax (3.5982 half-up), 63.57 total
    expect(t.net_amount).toBe('59970.00');
    expect(t.tax_amount).toBe('3600.00');
    expect(t.total_amount).toBe('63570.00');
    expect(t.base_total_amount).toBe('69291.30');
  });

  it('splits a tax-inclusive price into net and tax that add back to the price', () => {
    const m = lineMoney(line('106', '1', { price_includes_tax: true, tax_rate: '6' }), 'CNY');
    expect(m).toEqual({ amount: '100.00', tax_amount: '6.00', total_amount: '106.00' });
    const odd = lineMoney(line('100', '1', { price_includes_tax: true, tax_rate: '13' }), 'CNY');
    expect(odd.tax_amount).toBe('11.50'); // 100 × 13 / 113 = 11.504…
    expect(odd.amount).toBe('88.50');
  });

  it('rounds half-up to the currency: JPY has no decimals, BHD three', () => {
    expect(lineMoney(line('100.5'), 'JPY').total_amount).toBe('101');
    expect(lineMoney(line('1.0005'), 'BHD').total_amount).toBe('1.001');
  });

  it('subtracts credit lines', () => {
    const t = invoiceTotals([line('100'), line('30.10', '1', { dr_cr: 'CR' })], 'USD', '7.8', 'HKD');
    expect(t.total_amount).toBe('69.90');
    expect(t.base_total_amount).toBe('545.22');
  });
});

describe('invoice transitions', () => {
  it('names a known action and status in every entry', () => {
    for (const s of INVOICE_STATUSES)
      for (const [a, to] of Object.entries(INVOICE_TRANSITIONS[s])) {
        expect(a in INVOICE_ACTIONS).toBe(true);
        expect(INVOICE_STATUSES).toContain(to);
      }
  });

  it('offers the supervisor only the first-level moves of a prepared invoice', () => {
    expect(allowedInvoiceActions('PREPARED', 'AR', ['m_ar', 'inv_approve_supervisor'])).toEqual([
      'approve_1',
      'reject_1',
    ]);
    expect(allowedInvoiceActions('PREPARED', 'AR', ['m_ar', 'inv_approve_manager'])).toEqual([]);
    expect(allowedInvoiceActions('APPROVED_1', 'AR', ['inv_approve_manager'])).toEqual([
      'approve_2',
      'reject_2',
    ]);
  });

  it('keeps release for payables and print for receivables', () => {
    expect(invoiceTransition('APPROVED_2', 'release', 'AP')).toBe('RELEASED');
    expect(invoiceTransition('APPROVED_2', 'release', 'AR')).toBeNull();
    expect(invoiceTransition('APPROVED_2', 'print', 'AR')).toBe('PRINTED');
  });

  it('colours yellow from the threshold and red from twice it', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    expect(invoiceAgeColour('2026-01-09T00:00:00Z', 2, now)).toBe('none');
    expect(invoiceAgeColour('2026-01-08T00:00:00Z', 2, now)).toBe('yellow');
    expect(invoiceAgeColour('2026-01-06T00:00:00Z', 2, now)).toBe('red');
    expect(invoiceAgeColour(null, 2, now)).toBe('none');
  });
});

describe('the one rounding rule (docs/invoices.md): per line, half-up, in the currency minor unit', () => {
  it('rounds each line tax half-up and sums the rounded taxes (3 × 0.05 at 10 % = 0.03, not 0.02)', () => {
    const t = invoiceTotals(
      [
        line('0.05', '1', { tax_rate: '10' }),
        line('0.05', '1', { tax_rate: '10' }),
        line('0.05', '1', { tax_rate: '10' }),
      ],
      'HKD',
      '1',
      'HKD',
    );
    expect(t.lines.map((l) => l.tax_amount)).toEqual(['0.01', '0.01', '0.01']);
    expect(t.tax_amount).toBe('0.03');
    expect(t.total_amount).toBe('0.18');
  });

  it('rounds half away from zero on a CR line as on a DR line', () => {
    const t = invoiceTotals([line('0.25', '1', { tax_rate: '10', dr_cr: 'CR' })], 'HKD', '1', 'HKD');
    expect(t.lines[0].tax_amount).toBe('0.03');
    expect(t.tax_amount).toBe('-0.03');
  });

  it('converts at a rate to the target currency digits (base totals, the CNY of the tax-inclusive cap)', () => {
    expect(convertMoney('139.47', '7.170000', 'CNY')).toBe('1000.00');
    expect(convertMoney('0.005', '1', 'HKD')).toBe('0.01');
    expect(convertMoney('-0.005', '1', 'HKD')).toBe('-0.01');
    expect(convertMoney('100.5', '0.052', 'JPY')).toBe('5');
    expect(convertMoney('1', '0.3775', 'BHD')).toBe('0.378');
  });
});
