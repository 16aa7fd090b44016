// eBL 3.0 of the carrier DCSA stand-in (development and tests only): shipping instructions, the draft transport
// document the carrier makes of them, its approval and issue, per EBL_v3.0.4.yaml's descriptions. The server
// (carrier-dcsa-stand-in.mjs) validates the request bodies first and gives the notification and timer hooks.
import { randomUUID } from 'node:crypto';
import {
  addDays,
  alnum,
  CARRIER_CLAUSE,
  clean,
  digits,
  fault,
  PORT_NAMES,
  TERMS,
  today,
  truncate,
} from './common.mjs';
import { assertValid, project } from './dcsa-schemas.mjs';

/** The carrier's SI and TD moves; `emit(c, kind, data)`, `schedule(c, ms, label, key, run)`, `cancelSteps(key)`. */
export function eblFlows({ emit, schedule, cancelSteps }) {
  const findSi = (c, ref) => c.sis.get(ref) ?? [...c.sis.values()].find((s) => s.tdRef === ref);

  function siData(si) {
    const d = si.doc;
    return {
      shippingInstructionsStatus: d.shippingInstructionsStatus,
      updatedShippingInstructionsStatus: d.updatedShippingInstructionsStatus,
      shippingInstructionsReference: si.ref,
      transportDocumentReference: si.tdRef ?? undefined,
      feedbacks: d.feedbacks,
      shippingInstructions: d,
      updatedShippingInstructions: si.updated ?? undefined,
    };
  }
  const emitSi = (c, si) => {
    assertValid('EBL', 'ShippingInstructions', si.doc, `shipping instructions ${si.ref}`);
    emit(c, 'shipping-instructions', siData(si));
  };
  const emitTd = (c, td) => {
    assertValid('EBL', 'TransportDocument', td.doc, `transport document ${td.ref}`);
    emit(c, 'transport-document', {
      transportDocumentStatus: td.doc.transportDocumentStatus,
      transportDocumentReference: td.ref,
      shippingInstructionsReference: td.siRef,
      transportDocument: td.doc,
    });
  };

  /** The confirmed booking an SI names (by carrierBookingReference), if this carrier has it. */
  const bookingOfSi = (c, content) => {
    const refs = new Set((content.consignmentItems ?? []).map((ci) => ci.carrierBookingReference));
    return [...c.bookings.values()].find(
      (b) => b.doc.bookingStatus === 'CONFIRMED' && refs.has(b.doc.carrierBookingReference),
    )?.doc;
  };

  /** The carrier's draft transport document of an SI (a fresh DRAFT of the TD `tdRef`). */
  function draftOf(c, si, tdRef) {
    const content = si.doc;
    const bk = bookingOfSi(c, content);
    const leg = bk?.transportPlan?.find((t) => t.transportPlanStage === 'MNC') ?? bk?.transportPlan?.[0];
    const s = c.cfg.sailing;
    const departure = leg?.plannedDepartureDate ?? s.departureDate ?? addDays(today(), s.daysToDeparture);
    const polCode = leg?.loadLocation?.UNLocationCode ?? s.portOfLoading;
    const podCode = leg?.dischargeLocation?.UNLocationCode ?? s.portOfDischarge;
    const port = (code, loc) => clean({ locationName: loc?.locationName, UNLocationCode: code });
    const place = (type) => {
      const l = bk?.shipmentLocations?.find((x) => x.locationTypeCode === type)?.location;
      return l ? project('EBL', 'PlaceOfReceipt', l) : undefined;
    };
    const td = project('EBL', 'TransportDocument', content);
    const parties = td.documentParties ?? {};
    // The transport document names the consignee (and endorsee) by a code: the carrier's customer code if
    // the shipper gave none.
    for (const role of ['consignee', 'endorsee'])
      if (parties[role] && !parties[role].identifyingCodes?.length)
        parties[role].identifyingCodes = [
          {
            codeListProvider: 'ZZZ',
            partyCode: `${c.cfg.scac}${digits(parties[role].partyName, 8)}`,
            codeListName: 'CARRIER_CUSTOMER_CODE',
          },
        ];
    const isoOf = (ref) => {
      const eq = bk?.requestedEquipments ?? [];
      const named = eq.find((e) => e.equipmentReferences?.includes(ref));
      if (named) return named.ISOEquipmentCode;
      const codes = [...new Set(eq.map((e) => e.ISOEquipmentCode))];
      return codes.length === 1 ? codes[0] : undefined;
    };
    const doc = {
      ...td,
      transportDocumentReference: tdRef,
      shippingInstructionsReference: si.ref,
      transportDocumentStatus: 'DRAFT',
      // The carrier prints its own port names (differs from the shipper's wording where the SI had any).
      displayedNameForPortOfLoad: [PORT_NAMES[polCode] ?? polCode],
      displayedNameForPortOfDischarge: [PORT_NAMES[podCode] ?? podCode],
      termsAndConditions: TERMS,
      receiptTypeAtOrigin: bk?.receiptTypeAtOrigin ?? 'CY',
      deliveryTypeAtDestination: bk?.deliveryTypeAtDestination ?? 'CY',
      cargoMovementTypeAtOrigin: bk?.cargoMovementTypeAtOrigin ?? 'FCL',
      cargoMovementTypeAtDestination: bk?.cargoMovementTypeAtDestination ?? 'FCL',
      carrierCode: c.cfg.scac,
      carrierCodeListProvider: 'NMFTA',
      carrierClauses: [CARRIER_CLAUSE],
      invoicePayableAt: content.invoicePayableAt ?? { UNLocationCode: polCode },
      transports: clean({
        plannedDepartureDate: departure,
        plannedArrivalDate: leg?.plannedArrivalDate ?? addDays(departure, s.transitDays),
        placeOfReceipt: place('PRE'),
        portOfLoading: port(polCode, leg?.loadLocation),
        portOfDischarge: port(podCode, leg?.dischargeLocation),
        placeOfDelivery: place('PDE'),
        vesselVoyages: [
          {
            vesselName: leg?.vesselName ?? bk?.vessel?.name ?? s.vesselName,
            carrierExportVoyageNumber:
              leg?.carrierExportVoyageNumber ?? bk?.carrierExportVoyageNumber ?? s.carrierExportVoyageNumber,
          },
        ],
      }),
      documentParties: { ...parties, issuingParty: c.cfg.issuingParty },
      consignmentItems: td.consignmentItems.map((ci) => ({
        ...ci,
        cargoItems: ci.cargoItems.map((ca) => ({
          ...ca,
          outerPackaging: ca.outerPackaging ?? { numberOfPackages: 1, description: 'PACKAGE' },
        })),
      })),
      // Equipment named by reference gets its ISO code from the booking; a seal "to be advised" is the
      // carrier's own seal from the gate-in.
      utilizedTransportEquipments: content.utilizedTransportEquipments.map((u) => {
        const ref = u.equipment?.equipmentReference ?? u.equipmentReference;
        const iso = u.equipment?.ISOEquipmentCode ?? isoOf(ref);
        return clean({
          equipment: clean({
            equipmentReference: ref,
            ISOEquipmentCode: iso,
            tareWeight: u.equipment?.tareWeight,
          }),
          isShipperOwned: u.isShipperOwned,
          isNonOperatingReefer: u.isNonOperatingReefer,
          activeReeferSettings: u.activeReeferSettings,
          shippingMarks: u.shippingMarks,
          seals: u.seals.map((seal) =>
            /^(TBA|TBC|TBD|N\/?A)$/i.test(seal.number.trim())
              ? { number: `${c.cfg.scac}${digits(`${ref}${tdRef}`, 7)}`, source: 'CAR' }
              : seal,
          ),
          references: u.references,
          customsReferences: u.customsReferences,
        });
      }),
    };
    return assertValid('EBL', 'TransportDocument', doc, `draft transport document ${tdRef}`);
  }

  /** The carrier produces (or renews) the draft TD of an SI; in decline mode it asks for an update instead. */
  function produceDraft(c, si) {
    if (c.cfg.mode === 'decline') {
      si.doc.shippingInstructionsStatus = 'PENDING_UPDATE';
      si.doc.feedbacks = [
        {
          severity: 'ERROR',
          code: 'PROPERTY_VALUE_MUST_CHANGE',
          message: 'The shipping instructions cannot be processed: please send an update.',
        },
      ];
      emitSi(c, si);
      return;
    }
    let tdRef = si.tdRef;
    if (!tdRef) {
      const asked = si.doc.transportDocumentReference;
      tdRef = asked && !c.tds.has(asked) ? asked : `${c.cfg.scac}${alnum(10)}`;
    }
    const doc = draftOf(c, si, tdRef);
    si.tdRef = tdRef;
    si.doc.transportDocumentReference = tdRef;
    delete si.doc.feedbacks;
    const td = { ref: tdRef, siRef: si.ref, doc };
    c.tds.set(tdRef, td);
    emitTd(c, td);
  }

  function createSi(c, body) {
    const content = project('EBL', 'CreateShippingInstructions', body);
    const si = { ref: randomUUID(), tdRef: null, updated: null };
    si.doc = { ...content, shippingInstructionsReference: si.ref, shippingInstructionsStatus: 'RECEIVED' };
    c.sis.set(si.ref, si);
    emitSi(c, si);
    schedule(c, c.cfg.draftDelayMs, `draft transport document of ${si.ref}`, `si:${si.ref}`, () =>
      produceDraft(c, si),
    );
    return { status: 202, body: { shippingInstructionsReference: si.ref } };
  }

  const tdBlocks = (c, si) => {
    const td = si.tdRef ? c.tds.get(si.tdRef) : undefined;
    if (td && td.doc.transportDocumentStatus !== 'DRAFT')
      throw fault(
        409,
        'Transport document not a draft',
        `The transport document ${td.ref} is ${td.doc.transportDocumentStatus}: the shipping instructions can no longer change.`,
        { property: 'transportDocumentStatus', value: td.doc.transportDocumentStatus },
      );
    return td;
  };

  function updateSi(c, si, body) {
    if (body.shippingInstructionsReference !== si.ref)
      throw fault(400, 'Reference mismatch', `shippingInstructionsReference must be ${si.ref}`, {
        property: 'shippingInstructionsReference',
        jsonPath: '$.shippingInstructionsReference',
        value: truncate(String(body.shippingInstructionsReference), 500),
      });
    const status = si.doc.shippingInstructionsStatus;
    if (!['RECEIVED', 'PENDING_UPDATE'].includes(status))
      throw fault(409, 'Shipping instructions not updatable', `The shipping instructions are ${status}.`, {
        property: 'shippingInstructionsStatus',
        value: status,
      });
    tdBlocks(c, si);
    const { shippingInstructionsReference, ...content } = project('EBL', 'UpdateShippingInstructions', body);
    cancelSteps(`si:${si.ref}`);
    si.updatedContent = content;
    si.doc.updatedShippingInstructionsStatus = 'UPDATE_RECEIVED';
    si.updated = clean({
      ...content,
      shippingInstructionsReference: si.ref,
      transportDocumentReference: si.tdRef ?? content.transportDocumentReference,
      shippingInstructionsStatus: status,
      updatedShippingInstructionsStatus: 'UPDATE_RECEIVED',
    });
    emitSi(c, si);
    schedule(c, c.cfg.draftDelayMs, `process update of ${si.ref}`, `si:${si.ref}`, () => {
      if (c.cfg.mode === 'decline') {
        si.doc.updatedShippingInstructionsStatus = 'UPDATE_DECLINED';
        si.updated = null;
        emitSi(c, si);
        return;
      }
      si.doc = clean({
        ...si.updatedContent,
        shippingInstructionsReference: si.ref,
        transportDocumentReference: si.tdRef ?? si.updatedContent.transportDocumentReference,
        shippingInstructionsStatus: 'RECEIVED',
        updatedShippingInstructionsStatus: 'UPDATE_CONFIRMED',
      });
      si.updated = null;
      emitSi(c, si);
      produceDraft(c, si);
    });
    return { status: 202 };
  }

  function cancelSi(c, si, body) {
    const d = si.doc;
    if (body.updatedShippingInstructionsStatus !== undefined) {
      if (body.updatedShippingInstructionsStatus !== 'UPDATE_CANCELLED')
        throw fault(
          400,
          'Invalid value',
          'updatedShippingInstructionsStatus can only be set to UPDATE_CANCELLED',
          {
            property: 'updatedShippingInstructionsStatus',
            jsonPath: '$.updatedShippingInstructionsStatus',
          },
        );
      if (d.updatedShippingInstructionsStatus !== 'UPDATE_RECEIVED')
        throw fault(409, 'No update', 'The shipping instructions have no update being processed.');
      cancelSteps(`si:${si.ref}`);
      d.updatedShippingInstructionsStatus = 'UPDATE_CANCELLED';
      si.updated = null;
      emitSi(c, si);
      // The original instructions go on: drafted if they were not yet.
      if (!si.tdRef)
        schedule(c, c.cfg.draftDelayMs, `draft transport document of ${si.ref}`, `si:${si.ref}`, () =>
          produceDraft(c, si),
        );
    } else {
      if (body.shippingInstructionsStatus !== 'CANCELLED')
        throw fault(400, 'Invalid value', 'shippingInstructionsStatus can only be set to CANCELLED', {
          property: 'shippingInstructionsStatus',
          jsonPath: '$.shippingInstructionsStatus',
        });
      if (!['RECEIVED', 'PENDING_UPDATE'].includes(d.shippingInstructionsStatus))
        throw fault(
          409,
          'Shipping instructions not cancellable',
          `The shipping instructions are ${d.shippingInstructionsStatus}.`,
          {
            property: 'shippingInstructionsStatus',
            value: d.shippingInstructionsStatus,
          },
        );
      const td = tdBlocks(c, si);
      cancelSteps(`si:${si.ref}`);
      d.shippingInstructionsStatus = 'CANCELLED';
      si.updated = null;
      emitSi(c, si);
      if (td) {
        td.doc.transportDocumentStatus = 'VOIDED';
        emitTd(c, td);
      }
    }
    return { status: 202 };
  }

  function approveTd(c, td, body) {
    if (body.transportDocumentStatus !== 'APPROVED')
      throw fault(400, 'Invalid value', 'transportDocumentStatus can only be set to APPROVED', {
        property: 'transportDocumentStatus',
        jsonPath: '$.transportDocumentStatus',
        value: truncate(String(body.transportDocumentStatus), 500),
      });
    if (td.doc.transportDocumentStatus !== 'DRAFT')
      throw fault(
        409,
        'Transport document not a draft',
        `The transport document is ${td.doc.transportDocumentStatus}: only a DRAFT can be approved.`,
        {
          property: 'transportDocumentStatus',
          value: td.doc.transportDocumentStatus,
        },
      );
    const si = c.sis.get(td.siRef);
    if (si?.doc.updatedShippingInstructionsStatus === 'UPDATE_RECEIVED')
      throw fault(
        409,
        'Update pending',
        'An update of the shipping instructions is being processed: a new draft follows.',
      );
    td.doc.transportDocumentStatus = 'APPROVED';
    emitTd(c, td);
    schedule(c, c.cfg.issueDelayMs, `issue transport document ${td.ref}`, `td:${td.ref}`, () => {
      const d = td.doc;
      d.transportDocumentStatus = 'ISSUED';
      d.issueDate = today();
      if (d.isShippedOnBoardType) d.shippedOnBoardDate = d.transports.plannedDepartureDate;
      else d.receivedForShipmentDate = today();
      d.placeOfIssue ??= {
        UNLocationCode: d.transports.portOfLoading.UNLocationCode ?? c.cfg.sailing.portOfLoading,
      };
      emitTd(c, td);
    });
    return { status: 202 };
  }

  return { findSi, createSi, updateSi, cancelSi, approveTd };
}
