import type { TTemplate } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  blankLine,
  DECIMAL,
  initialValues,
  lineTotal,
  SETTING_FIELDS,
  templateBody,
  type Values,
} from './template-form-model';

const saved = {
  tmplib_id: 3,
  version: 2,
  name: 'HK export',
  description: 'd',
  module: 'WEB_INVOICE',
  category: '7021',
  privacy: 'MARKET_OFFICE',
  offices: ['HKG'],
  colour: 'green',
  status: 'A',
  tags: ['EXP'],
  release_note: 'v2',
  lines: [
    {
      dr_cr: 'DR',
      basis: 'CONTAINER',
      container_size: '40HQ',
      charge_code: 'OFR',
      print_description: null,
      currency: 'USD',
      unit_price: '100.0000',
      quantity: '1.5000',
      uom: 'CTR',
      min_charge: '0.0000',
      max_charge: null,
      description: null,
    },
  ],
  print_options: null,
  marks_goods: null,
} as unknown as TTemplate;

describe('template form: starting values', () => {
  it('starts a blank template as a private active invoice template with one line', () => {
    const v = initialValues(null, null);
    expect(v).toMatchObject({
      name: '',
      module: 'WEB_INVOICE',
      category: '7021',
      privacy: 'PRIVATE',
      status: 'A',
    });
    expect(v.lines).toEqual([blankLine()]);
    expect(blankLine()).toEqual({
      dr_cr: 'DR',
      basis: 'JOB',
      charge_code: '',
      currency: 'HKD',
      unit_price: '',
      quantity: '1',
      uom: '',
    });
  });

  it('edits a template with its amounts without trailing zeros', () => {
    const v = initialValues(saved, null);
    expect(v).toMatchObject({ name: 'HK export', privacy: 'MARKET_OFFICE', release_note: 'v2' });
    expect(v.lines[0]).toMatchObject({
      unit_price: '100',
      quantity: '1.5',
      min_charge: '0',
      max_charge: null,
    });
    expect(v.print_options).toBeUndefined();
    expect(v.marks_goods).toBeUndefined();
  });

  it('copies a template as a private one under the new name, without its release note', () => {
    const v = initialValues(saved, 'Copy of HK export');
    expect(v).toMatchObject({
      name: 'Copy of HK export',
      privacy: 'PRIVATE',
      release_note: null,
      offices: ['HKG'],
    });
  });
});

describe('template form: the body of a save', () => {
  const base = initialValues(saved, null);

  it('sends the lines of a line category and no print options or marks', () => {
    const body = templateBody({
      ...base,
      print_options: { show_tax: false },
      marks_goods: { marks: 'M' },
    } as Values);
    expect(body.lines).toHaveLength(1);
    expect(body.print_options).toBeNull();
    expect(body.marks_goods).toBeNull();
  });

  it('sends print options over their defaults, and no lines, for a print options template', () => {
    const body = templateBody({
      ...base,
      category: 'PRINT_OPTIONS',
      print_options: { show_tax: false },
    } as Values);
    expect(body.lines).toEqual([]);
    expect(body.print_options).toEqual({
      layout: 'auto',
      language: 'en',
      show_base_currency: true,
      show_bank: true,
      show_tax: false,
      show_remarks: true,
      copy_label: 'none',
    });
    expect(body.marks_goods).toBeNull();
  });

  it('sends only the marks and goods of a marks template', () => {
    const marks = { marks: 'N/M', goods: 'Toys' };
    const body = templateBody({ ...base, category: 'MARKS_GOODS', marks_goods: marks } as unknown as Values);
    expect(body.lines).toEqual([]);
    expect(body.print_options).toBeNull();
    expect(body.marks_goods).toEqual(marks);
  });

  it('keeps the Setting step to its own fields (a refused save there goes back to it)', () => {
    expect(SETTING_FIELDS).toContain('name');
    expect(SETTING_FIELDS).toContain('offices');
    expect(SETTING_FIELDS).not.toContain('lines');
  });
});

describe('template form: a line total', () => {
  it('multiplies price and quantity in the currency, and shows a dash while either is not a decimal', () => {
    expect(lineTotal({ ...blankLine(), unit_price: '12.5', quantity: '2', currency: 'USD' }, 'en')).toBe(
      '25.00 USD',
    );
    expect(lineTotal({ ...blankLine(), unit_price: '', quantity: '2' }, 'en')).toBe('—');
    expect(lineTotal({ ...blankLine(), unit_price: '1.23456', quantity: '2' }, 'en')).toBe('—');
    expect(lineTotal(undefined, 'en')).toBe('—');
  });

  it('accepts up to 14 digits and 4 decimals', () => {
    expect(DECIMAL.test('12345678901234.1234')).toBe(true);
    expect(DECIMAL.test('123456789012345')).toBe(false);
    expect(DECIMAL.test('1.')).toBe(false);
    expect(DECIMAL.test('-1')).toBe(false);
  });
});
