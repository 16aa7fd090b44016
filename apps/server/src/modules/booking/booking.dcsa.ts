import { CARRIER_LINK_MSG } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { dcsaRefusal, validateDcsa } from '../../platform/dcsa';
import { dcsaRequestedEquipment } from '../../platform/dcsa/requested-equipment';
import { bookingCarrierRepository } from './booking.carrier.repository';
import type { SoLineRows, SoRow } from './booking.repository';

/** DCSA receipt / delivery type of each end of the booking's delivery type (P2D: port to door...). */
const ENDS: Record<string, { origin: 'CY' | 'SD'; destination: 'CY' | 'SD' }> = {
  P2P: { origin: 'CY', destination: 'CY' },
  P2D: { origin: 'CY', destination: 'SD' },
  D2P: { origin: 'SD', destination: 'CY' },
  D2D: { origin: 'SD', destination: 'SD' },
};

/** DCSA text fields refuse leading/trailing blanks (`^\S(?:.*\S)?$`) and have a maximum length. */
const clip = (v: string | null | undefined, max: number) => {
  const s = (v ?? '').replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return s || null;
};
const kg = (v: string | null | undefined) => (v && Number(v) > 0 ? Number(v) : 0);

/**
 * An FCL booking (shipping order) as a DCSA Booking 2.0 booking request (`CreateBooking`, docs/carrier-link.md
 * "FCL bookings"): the booking's own sailing (carrier, vessel, voyage, ETD), its delivery type as receipt and
 * delivery types (port = CY, door = SD), FCL/FCL, its equipment lines as requested equipment (ISO 6346 code of
 * the size, container numbers once known, the cargo of each size from its container lines, else the booking's
 * totals shared by box count), the SO# and the shipper's reference as customer references, the service contract,
 * freight term, and the handling office as booking agent with the shipper and consignee by name. Dangerous goods
 * details are not sent (the portal keeps only the UN number; the DG declaration goes to the carrier separately:
 * docs/decisions.md). A booking that cannot make a valid request answers 422 msgCarrierLinkDocumentInvalid with
 * what is wrong, never an invalid document.
 */
export async function bookingDcsaRequest(db: DbOrTx, o: SoRow, lines: SoLineRows) {
  const sizes = [...new Set(lines.equipment.map((e) => e.size_type))];
  const facts = await bookingCarrierRepository.dcsaFacts(db, {
    office: o.handling_office,
    ports: [o.pol, o.pod],
    sizeTypes: sizes,
    parties: [o.shipper_id, o.consignee_id].filter((id): id is number => id !== null),
  });
  const boxes = lines.equipment.reduce((n, e) => n + e.qty, 0);
  const cargoOf = (size: string, qty: number) => {
    const cs = lines.containers.filter((c) => c.size_type === size);
    const fromLines = cs.reduce(
      (t, c) => ({
        kg: t.kg + kg(c.gross_weight),
        cbm: t.cbm + kg(c.cbm),
        pk: t.pk + (c.package_qty ?? 0),
      }),
      { kg: 0, cbm: 0, pk: 0 },
    );
    if (fromLines.kg > 0) return fromLines;
    const share = qty / Math.max(boxes, 1);
    return {
      kg: kg(o.gross_weight) * share,
      cbm: kg(o.cbm) * share,
      pk: Math.round((o.package_qty ?? 0) * share),
    };
  };
  const commodityType =
    clip(o.commodity, 550) ?? clip(o.goods_description, 550) ?? 'General cargo, freight all kinds';
  // HS subheadings as DCSA writes them: 6 to 10 digits, no dots.
  const hsCodes = [
    ...new Set(lines.hs_lines.map((h) => h.hs_code.replace(/\D/g, '')).filter((c) => /^\d{6,10}$/.test(c))),
  ].slice(0, 10);
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  const requestedEquipments = lines.equipment.map((e) => {
    const numbers = lines.containers
      .filter((c) => c.size_type === e.size_type && c.container_no)
      .map((c) => c.container_no as string);
    return dcsaRequestedEquipment({
      isoCode: facts.iso_codes[e.size_type] ?? e.size_type,
      units: e.qty,
      isShipperOwned: false,
      references: numbers.slice(0, e.qty),
      cargo: cargoOf(e.size_type, e.qty),
      measure: r3,
      commodityType,
      packagesDescription: clip(o.package_unit ? `Packages (${o.package_unit})` : 'Packages', 100),
      hsCodes,
    });
  });
  const ends = ENDS[o.delivery_type] ?? ENDS.P2P;
  const location = (code: string) => ({
    ...(facts.port_names[code] && { locationName: clip(facts.port_names[code], 100) }),
    UNLocationCode: code,
  });
  const party = (id: number | null) => {
    const name = id === null ? null : clip(facts.party_names[String(id)], 70);
    return name ? { partyName: name } : undefined;
  };
  const shipper = party(o.shipper_id);
  const consignee = party(o.consignee_id);
  const refs = [o.so_no, o.shipper_ref, o.forwarder_ref]
    .map((v) => clip(v, 35))
    .filter((v): v is string => !!v);
  const booking = {
    receiptTypeAtOrigin: ends.origin,
    deliveryTypeAtDestination: ends.destination,
    cargoMovementTypeAtOrigin: 'FCL',
    cargoMovementTypeAtDestination: 'FCL',
    ...(clip(o.contract_no, 30) && { serviceContractReference: clip(o.contract_no, 30) }),
    freightPaymentTermCode: o.freight_term === 'COLLECT' ? 'COL' : 'PRE',
    ...(o.vessel_name && { vessel: { name: clip(o.vessel_name, 50) } }),
    ...(o.voyage && { carrierExportVoyageNumber: clip(o.voyage, 50) }),
    ...(o.carrier_code && { carrierCode: o.carrier_code, carrierCodeListProvider: 'NMFTA' }),
    isPartialLoadAllowed: false,
    isExportDeclarationRequired: false,
    expectedDepartureDate: o.etd,
    isEquipmentSubstitutionAllowed: false,
    references: [...new Set(refs)].map((value) => ({ type: 'CR', value })),
    documentParties: {
      bookingAgent: { partyName: clip(facts.office_name, 70) ?? o.handling_office },
      ...(shipper && { shipper }),
      ...(consignee && { consignee }),
    },
    shipmentLocations: [
      { location: location(o.pol), locationTypeCode: 'POL' },
      { location: location(o.pod), locationTypeCode: 'POD' },
    ],
    requestedEquipments,
  };
  const errors = validateDcsa('booking-2.0', booking);
  if (errors.length) throw dcsaRefusal(errors, CARRIER_LINK_MSG.documentInvalid);
  return booking;
}
