import { CONSOL_MSG, type TConsolidation } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { dcsaRefusal, validateDcsa } from '../../platform/dcsa';
import { dcsaRequestedEquipment } from '../../platform/dcsa/requested-equipment';
import { notFound } from '../../platform/errors/app-error';
import { consolRepository as repo } from './consolidation.repository';
import { milli } from './consolidation.rules';
import { consolService } from './consolidation.service';

const r3 = (n: number) => Math.round(n) / 1000;

/**
 * The plan's carrier booking as a DCSA Booking 2.0 booking request (`CreateBooking`, docs/consolidation.md
 * "DCSA Booking 2.0 export"). Towards the carrier a consolidation is full containers the forwarder stuffs at
 * its CFS: CY/CY, FCL/FCL; the forwarder's handling office is the booking agent; the consol# is the
 * customer's reference; each ordered size is one requested equipment (ISO 6346 size/type code of the
 * capacity table, container numbers once known) with the cargo allocated to its containers (or, before the
 * load plan, the plan's cargo shared by container count). The sailing is the selected proposal (or the only
 * one). The answer is validated against the DCSA schema; a plan that cannot make a valid booking answers 422
 * msgDcsaInvalid with what is wrong, never an invalid file.
 */
export async function consolDcsaBooking(db: DbOrTx, actor: Actor, consolNo: string) {
  const row = await repo.byNo(db, actor, consolNo);
  if (!row) throw notFound(CONSOL_MSG.notFound);
  const plan: TConsolidation = await consolService.get(db, actor, consolNo);
  const [facts, caps] = await Promise.all([
    repo.dcsaFacts(db, row.consol_id, plan.handling_office, [plan.pol, plan.pod]),
    repo.capacities(db, [...new Set(plan.equipment.map((e) => e.size_type))]),
  ]);
  const isoOf = new Map(caps.map((c) => [c.size_type, c.iso_code]));
  const sailing =
    plan.proposals.find((p) => p.is_selected) ??
    (plan.proposals.length === 1 ? plan.proposals[0] : undefined);

  // Cargo per size: what the load plan puts in that size's containers; without allocations, by box count.
  const sizeOfSeq = new Map(plan.containers.map((c) => [c.seq, c.size_type]));
  const bySize = new Map<string, { kg: number; cbm: number; pk: number }>();
  for (const a of plan.allocations) {
    const size = sizeOfSeq.get(a.container_seq);
    if (!size) continue;
    const t = bySize.get(size) ?? { kg: 0, cbm: 0, pk: 0 };
    t.kg += milli(a.kg);
    t.cbm += milli(a.cbm);
    t.pk += a.package_qty;
    bySize.set(size, t);
  }
  const total = plan.sos.reduce(
    (t, s) => ({ kg: t.kg + milli(s.kg), cbm: t.cbm + milli(s.cbm), pk: t.pk + s.package_qty }),
    { kg: 0, cbm: 0, pk: 0 },
  );
  const boxes = plan.equipment.reduce((n, e) => n + e.qty, 0);
  const commodityType = (facts?.commodities || 'Consolidated LCL cargo, freight all kinds').slice(0, 550);

  const requestedEquipments = plan.equipment.map((e) => {
    const cargo = plan.allocations.length
      ? (bySize.get(e.size_type) ?? { kg: 0, cbm: 0, pk: 0 })
      : {
          kg: (total.kg * e.qty) / Math.max(boxes, 1),
          cbm: (total.cbm * e.qty) / Math.max(boxes, 1),
          pk: Math.round((total.pk * e.qty) / Math.max(boxes, 1)),
        };
    const numbers = plan.containers
      .filter((c) => c.size_type === e.size_type && c.container_no)
      .map((c) => c.container_no as string);
    return dcsaRequestedEquipment({
      isoCode: isoOf.get(e.size_type) ?? e.size_type,
      units: e.qty,
      isShipperOwned: plan.containers.some((c) => c.size_type === e.size_type && c.ownership === 'SOC'),
      references: numbers,
      cargo,
      measure: r3,
      commodityType,
      packagesDescription: 'Packages (consolidated)',
    });
  });

  const portName = (code: string) => facts?.port_names?.[code];
  const location = (code: string) => ({
    ...(portName(code) && { locationName: portName(code) }),
    UNLocationCode: code,
  });
  const booking = {
    receiptTypeAtOrigin: 'CY',
    deliveryTypeAtDestination: 'CY',
    cargoMovementTypeAtOrigin: 'FCL',
    cargoMovementTypeAtDestination: 'FCL',
    ...(sailing && {
      vessel: { name: sailing.vessel_name },
      carrierExportVoyageNumber: sailing.voyage,
      carrierCode: sailing.carrier_code,
      carrierCodeListProvider: 'NMFTA',
    }),
    isPartialLoadAllowed: false,
    isExportDeclarationRequired: false,
    ...(plan.etd && { expectedDepartureDate: plan.etd }),
    isEquipmentSubstitutionAllowed: false,
    references: [
      { type: 'CR', value: plan.consol_no },
      ...(plan.reference ? [{ type: 'CR', value: plan.reference.slice(0, 100) }] : []),
    ],
    documentParties: {
      bookingAgent: { partyName: (facts?.office_name ?? plan.handling_office).slice(0, 70) },
    },
    shipmentLocations: [
      { location: location(plan.pol), locationTypeCode: 'POL' },
      { location: location(plan.pod), locationTypeCode: 'POD' },
    ],
    requestedEquipments,
  };
  const errors = validateDcsa('booking-2.0', booking);
  if (errors.length) throw dcsaRefusal(errors, CONSOL_MSG.dcsaInvalid);
  return booking;
}
