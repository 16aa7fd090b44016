import { describe, expect, it } from 'vitest';
import { dcsaRequestedEquipment } from './requested-equipment';

const base = {
  isoCode: '42G1',
  units: 2,
  isShipperOwned: false,
  commodityType: 'Toys',
  packagesDescription: 'Packages',
  measure: (n: number) => Math.round(n * 1000) / 1000,
};

describe('dcsaRequestedEquipment', () => {
  it('writes the cargo measured, the container numbers and the HS codes', () => {
    const out = dcsaRequestedEquipment({
      ...base,
      references: ['MSCU1234565'],
      cargo: { kg: 1000.12345, cbm: 12.5, pk: 30 },
      hsCodes: ['950300'],
    });
    expect(out).toEqual({
      ISOEquipmentCode: '42G1',
      units: 2,
      isShipperOwned: false,
      equipmentReferences: ['MSCU1234565'],
      cargoGrossWeight: { value: 1000.123, unit: 'KGM' },
      commodities: [
        {
          commodityType: 'Toys',
          cargoGrossWeight: { value: 1000.123, unit: 'KGM' },
          cargoGrossVolume: { value: 12.5, unit: 'MTQ' },
          outerPackaging: { numberOfPackages: 30, description: 'Packages' },
          HSCodes: ['950300'],
        },
      ],
    });
  });

  it('leaves out what is zero or missing (no numbers, no cargo, no HS codes)', () => {
    const out = dcsaRequestedEquipment({ ...base, references: [], cargo: { kg: 0, cbm: 0, pk: 0 } });
    expect(out).toEqual({
      ISOEquipmentCode: '42G1',
      units: 2,
      isShipperOwned: false,
      commodities: [{ commodityType: 'Toys' }],
    });
  });
});
