import { describe, expect, it } from 'vitest';
import { documentPath } from './analytics-doc-links';
import { compareValues, formatDocumentsTotal, formatValue, plotValue } from './analytics-format';

describe('analytics value formatting', () => {
  it('formats each kind from its decimal string', () => {
    expect(formatValue('money', '1234567.5', 'en-US')).toBe('1,234,567.50');
    // Exact from the string: a float would lose the last cents of this amount.
    expect(formatValue('money', '90071992547409.99', 'en-US')).toBe('90,071,992,547,409.99');
    expect(formatValue('money', '-0.005', 'en-US')).toBe('-0.01');
    expect(formatValue('count', '12480', 'zh-HK')).toBe('12,480');
    expect(formatValue('teu', '10.5', 'en-US')).toBe('10.5');
    expect(formatValue('cbm', '3.1415', 'en-US')).toBe('3.142');
    expect(formatValue('kg', '12000.04', 'en-US')).toBe('12,000');
    expect(formatValue('co2e', '1520.35', 'zh-CN')).toBe('1,520.4');
    expect(formatValue('pct', '87.46', 'en-US')).toBe('87.5%');
    expect(formatValue('days', '2', 'en-US')).toBe('2');
    expect(formatValue('date', '2026-05-01', 'en-US')).toBe('2026-05-01');
    expect(formatValue('text', 'CNSHA-USLAX', 'en-US')).toBe('CNSHA-USLAX');
    expect(formatValue('money', null, 'en-US')).toBe('—');
    expect(formatValue('count', 'n/a', 'en-US')).toBe('n/a');
  });

  it('sorts numbers by value, text by collation, empty first', () => {
    expect(compareValues('money', '99128.58', '586149.80', 'en-US')).toBe(-1);
    expect(compareValues('count', '10', '9', 'en-US')).toBe(1);
    expect(compareValues('text', 'b', 'a', 'en-US')).toBeGreaterThan(0);
    expect(compareValues('teu', null, '1', 'en-US')).toBe(-1);
    expect(compareValues('teu', '', null, 'en-US')).toBe(0);
  });

  it('plots numbers, totals capped at 10,000', () => {
    expect(plotValue('12.5')).toBe(12.5);
    expect(plotValue(null)).toBeNull();
    expect(formatDocumentsTotal(10_001, 'en-US')).toBe('10,000+');
    expect(formatDocumentsTotal(9_999, 'en-US')).toBe('9,999');
  });
});

describe('where a document opens', () => {
  it('on its usual screen when the viewer holds its function', () => {
    const all = () => true;
    expect(documentPath('booking', 'SO 1', all)).toBe('/BMS/enhance_booking/shipping_order/SO%201');
    expect(documentPath('consolidation', 'C1', all)).toBe('/BMS/consolidation/consolidation_management/C1');
    expect(documentPath('master_bl', 'M1', all)).toBe('/BMS/master_bl/master_bl/M1');
    expect(documentPath('invoice', '42', all)).toBe('/INV/Details/42');
    expect(documentPath('invoice', '42', (f) => f === 'm_ar')).toBe('/INV/Details/42');
    expect(documentPath('party', '7', all)).toBe('/BMS/party/party_maintenance/7');
    expect(documentPath('job', 'J-1', all)).toBe('/INV/Search?q=J-1');
    expect(documentPath('user', 'mandy@demo.test', all)).toBe('/BMS/user_maintenance?q=mandy%40demo.test');
    expect(documentPath('user', '0b7e6f1c-4b1a-4c7e-9d2a-1f2e3d4c5b6a', all)).toBe(
      '/BMS/user_maintenance/0b7e6f1c-4b1a-4c7e-9d2a-1f2e3d4c5b6a',
    );
    expect(documentPath('booking', 'SO1', () => false)).toBeNull();
  });
});
