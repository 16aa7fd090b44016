import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isValidState, isValidZip, refineStateAndZip } from './address';

describe('state', () => {
  it('needs 2 letters for US and CA', () => {
    expect(isValidState('US', 'CA')).toBe(true);
    expect(isValidState('ca', 'on')).toBe(true);
    expect(isValidState('US', 'Cal')).toBe(false);
    expect(isValidState('US', '')).toBe(false);
    expect(isValidState('CA', '1A')).toBe(false);
  });
  it('is free elsewhere', () => {
    expect(isValidState('CN', 'Guangdong')).toBe(true);
    expect(isValidState('HK', '')).toBe(true);
  });
});

describe('ZIP by country', () => {
  it('US: 5 digits or 5+4', () => {
    expect(isValidZip('US', '10001')).toBe(true);
    expect(isValidZip('US', '10001-1234')).toBe(true);
    for (const v of ['1000', '100011234', '10001-123', 'ABCDE', ''])
      expect(isValidZip('US', v), v).toBe(false);
  });
  it('CA: letter-digit pattern A1A 1A1', () => {
    expect(isValidZip('CA', 'K1A 0B1')).toBe(true);
    expect(isValidZip('CA', 'k1a0b1')).toBe(true);
    // A hyphen is taken as people type it (Canada Post writes a space).
    expect(isValidZip('CA', 'K1A-0B1')).toBe(true);
    for (const v of ['K1A_0B1', '11A 0B1', 'K1A 0B', '', 'D1A 0B1', 'K1O 0B1', 'K1A 0U1', 'W1A 0B1'])
      expect(isValidZip('CA', v), v).toBe(false);
  });
  it('CN: 6 digits with a province prefix in use', () => {
    for (const v of ['518000', '100000', '010000', '200000', '570000', '860000', '830000'])
      expect(isValidZip('CN', v), v).toBe(true);
    for (const v of ['51800', '5180000', '51800A', '', '000000', '141234', '386789', '999077', '820000'])
      expect(isValidZip('CN', v), v).toBe(false);
  });
  it('JP: optional, else NNN-NNNN', () => {
    expect(isValidZip('JP', '100-0001')).toBe(true);
    expect(isValidZip('JP', '')).toBe(true);
    for (const v of ['1000001', '100-001', '10-00001']) expect(isValidZip('JP', v), v).toBe(false);
  });
  it('others: no check', () => {
    expect(isValidZip('HK', '')).toBe(true);
    expect(isValidZip('GB', 'SW1A 1AA')).toBe(true);
    expect(isValidZip(null, 'anything')).toBe(true);
  });
});

describe('refineStateAndZip', () => {
  const schema = z
    .object({ country_code: z.string(), state: z.string(), zip_postal: z.string() })
    .superRefine(refineStateAndZip({ country: 'country_code', state: 'state', zip: 'zip_postal' }));
  it('reports each bad field with its message key', () => {
    const r = schema.safeParse({ country_code: 'US', state: 'New York', zip_postal: '1000' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['state', 'msgStateInvalid'],
      ['zip_postal', 'msgZipInvalid'],
    ]);
  });
  it('passes good addresses', () => {
    expect(schema.safeParse({ country_code: 'US', state: 'NY', zip_postal: '10001' }).success).toBe(true);
    expect(schema.safeParse({ country_code: 'HK', state: '', zip_postal: '' }).success).toBe(true);
  });
});
