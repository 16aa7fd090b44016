/** Cargo of one requested equipment line in the caller's unit (kilograms and cubic metres, or thousandths). */
export interface EquipmentCargo {
  kg: number;
  cbm: number;
  /** Number of packages. */
  pk: number;
}

/**
 * One DCSA Booking 2.0 requested equipment with its single commodity: the ISO 6346 code, units, shipper-owned
 * flag, container numbers once known, and the cargo's weight, volume and packages where each is above zero.
 * `measure` turns a cargo weight or volume into the value sent (3 decimals in kilograms or cubic metres).
 */
export function dcsaRequestedEquipment(e: {
  isoCode: string;
  units: number;
  isShipperOwned: boolean;
  references: string[];
  cargo: EquipmentCargo;
  measure: (n: number) => number;
  commodityType: string;
  packagesDescription: string | null;
  hsCodes?: string[];
}) {
  const { cargo, measure } = e;
  const hsCodes = e.hsCodes ?? [];
  return {
    ISOEquipmentCode: e.isoCode,
    units: e.units,
    isShipperOwned: e.isShipperOwned,
    ...(e.references.length && { equipmentReferences: e.references }),
    ...(cargo.kg > 0 && { cargoGrossWeight: { value: measure(cargo.kg), unit: 'KGM' } }),
    commodities: [
      {
        commodityType: e.commodityType,
        ...(cargo.kg > 0 && { cargoGrossWeight: { value: measure(cargo.kg), unit: 'KGM' } }),
        ...(cargo.cbm > 0 && { cargoGrossVolume: { value: measure(cargo.cbm), unit: 'MTQ' } }),
        ...(cargo.pk > 0 && {
          outerPackaging: { numberOfPackages: cargo.pk, description: e.packagesDescription },
        }),
        ...(hsCodes.length && { HSCodes: hsCodes }),
      },
    ],
  };
}
