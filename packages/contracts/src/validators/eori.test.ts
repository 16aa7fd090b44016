import { describe, expect, it } from 'vitest';
import { eoriRequiredFor, isEori, isNorthernIreland, zEori } from './eori';

describe('EORI', () => {
  it('accepts an EU member state code and up to 15 capitals or digits', () => {
    for (const v of ['DE1234567', 'NL123456789', 'FR12345678901234A', 'IEA1', 'GR123456789'])
      expect(isEori(v), v).toBe(true);
  });
  it('accepts GB and XI with 12 or 15 digits only', () => {
    for (const v of ['GB123456789000', 'XI123456789000', 'GB123456789012345'])
      expect(isEori(v), v).toBe(true);
    for (const v of ['GB12345678900', 'GB1234567890123', 'XI12345678901234', 'GB12345678900A'])
      expect(isEori(v), v).toBe(false);
  });
  it('refuses other prefixes and shapes', () => {
    for (const v of [
      'de1234567',
      'IEa1',
      'D1234567',
      'DE',
      'DE-123456',
      'DE 123456',
      'FR123456789012345X',
      '12345678',
      'US123456789',
      'CH123456789',
      'EL123456789',
    ])
      expect(isEori(v), v).toBe(false);
    expect(zEori.parse(' gb123456789000 ')).toBe('GB123456789000');
    const r = zEori.safeParse('DE-1');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('msgEoriInvalid');
    expect(zEori.safeParse(`DE${'1'.repeat(16)}`).success).toBe(false);
  });
});

describe('eoriRequiredFor', () => {
  it('is mandatory for agents and consignees in the EU, CH, NO and Northern Ireland', () => {
    expect(eoriRequiredFor('DE', 'AGENT')).toBe(true);
    expect(eoriRequiredFor('gr', 'consignee')).toBe(true);
    expect(eoriRequiredFor('CH', 'CONSIGNEE')).toBe(true);
    expect(eoriRequiredFor('NO', 'AGENT')).toBe(true);
    expect(eoriRequiredFor('XI', 'AGENT')).toBe(true);
    expect(eoriRequiredFor('GB', 'CONSIGNEE', 'BT1 1AA')).toBe(true);
  });
  it('is not mandatory for other party types or countries', () => {
    expect(eoriRequiredFor('DE', 'SHIPPER')).toBe(false);
    expect(eoriRequiredFor('US', 'AGENT')).toBe(false);
    expect(eoriRequiredFor('GB', 'AGENT', 'SW1A 1AA')).toBe(false);
    expect(eoriRequiredFor('GB', 'AGENT')).toBe(false);
    expect(eoriRequiredFor('IS', 'CONSIGNEE')).toBe(false);
  });
  it('recognises Northern Ireland by XI or a BT postcode', () => {
    expect(isNorthernIreland('GB', 'bt7 1nn')).toBe(true);
    expect(isNorthernIreland('GB', 'BTX')).toBe(false);
    expect(isNorthernIreland('IE', 'BT1 1AA')).toBe(false);
  });
});
