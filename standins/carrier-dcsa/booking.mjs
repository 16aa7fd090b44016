// Booking 2.0 of the carrier DCSA stand-in (development and tests only): what the carrier does with a booking
// request, its update or amendment and its cancellation, per BKG_v2.0.5.yaml's descriptions. The server
// (carrier-dcsa-stand-in.mjs) validates the request bodies first and gives the notification and timer hooks.
import { randomUUID } from 'node:crypto';
import { addDays, alnum, digits, fault, TERMS, today, truncate } from './common.mjs';
import { assertValid, project } from './dcsa-schemas.mjs';

/** The carrier's booking moves; `emit(c, kind, data)`, `schedule(c, ms, label, key, run)`, `cancelSteps(key)`. */
export function bookingFlows({ emit, schedule, cancelSteps }) {
  const findBooking = (c, ref) =>
    c.bookings.get(ref) ?? [...c.bookings.values()].find((b) => b.doc.carrierBookingReference === ref);
  const wantsDecline = (content) =>
    [
      ...(content.references ?? []),
      ...(content.requestedEquipments ?? []).flatMap((e) => e.references ?? []),
    ].some((r) =>
      String(r.value ?? '')
        .toUpperCase()
        .startsWith('DECLINE'),
    );

  function bookingData(b) {
    const d = b.doc;
    return {
      bookingStatus: d.bookingStatus,
      amendedBookingStatus: d.amendedBookingStatus,
      bookingCancellationStatus: d.bookingCancellationStatus,
      carrierBookingRequestReference: b.cbrr,
      carrierBookingReference: d.carrierBookingReference,
      feedbacks: d.feedbacks,
      booking: d,
      amendedBooking: b.amended ?? undefined,
    };
  }
  const emitBooking = (c, b) => {
    assertValid('BKG', 'Booking', b.doc, `booking ${b.cbrr}`);
    emit(c, 'booking', bookingData(b));
  };

  /** The sailing of a booking request: what it asks for, the carrier's default sailing for the rest. */
  function sailingOf(c, content) {
    const s = c.cfg.sailing;
    const loc = (...codes) =>
      codes
        .map((t) => content.shipmentLocations?.find((l) => l.locationTypeCode === t)?.location)
        .find(Boolean);
    const pol = loc('POL', 'PRE');
    const pod = loc('POD', 'PDE');
    const departure = content.expectedDepartureDate ?? s.departureDate ?? addDays(today(), s.daysToDeparture);
    const vesselName = content.vessel?.name ?? s.vesselName;
    return {
      vesselName,
      vesselIMONumber:
        content.vessel?.vesselIMONumber ??
        (vesselName === s.vesselName ? s.vesselIMONumber : `9${digits(vesselName, 6)}`),
      voyage: content.carrierExportVoyageNumber ?? s.carrierExportVoyageNumber,
      serviceCode: content.carrierServiceCode ?? s.carrierServiceCode,
      pol: pol?.UNLocationCode || pol?.address || pol?.facility ? pol : { UNLocationCode: s.portOfLoading },
      pod: pod?.UNLocationCode || pod?.address || pod?.facility ? pod : { UNLocationCode: s.portOfDischarge },
      departure,
      arrival: addDays(departure, s.transitDays),
    };
  }

  /** The carrier's confirmation: vessel, voyage, transport plan, cut-offs, confirmed equipment. */
  function confirmed(c, b, content, extra) {
    const s = sailingOf(c, content);
    const cut = (days, time) => `${addDays(s.departure, -days)}T${time}:00Z`;
    return {
      ...content,
      carrierBookingRequestReference: b.cbrr,
      carrierBookingReference: b.cbr,
      bookingStatus: 'CONFIRMED',
      ...extra,
      vessel: { name: s.vesselName, vesselIMONumber: s.vesselIMONumber },
      carrierServiceCode: s.serviceCode,
      carrierExportVoyageNumber: s.voyage,
      carrierCode: c.cfg.scac,
      carrierCodeListProvider: 'NMFTA',
      expectedDepartureDate: s.departure,
      termsAndConditions: TERMS,
      confirmedEquipments: content.requestedEquipments.map((e) => ({
        ISOEquipmentCode: e.ISOEquipmentCode,
        units: e.units,
      })),
      transportPlan: [
        {
          transportPlanStage: 'MNC',
          transportPlanStageSequenceNumber: 1,
          loadLocation: project('BKG', 'LoadLocation', s.pol),
          dischargeLocation: project('BKG', 'DischargeLocation', s.pod),
          plannedDepartureDate: s.departure,
          plannedArrivalDate: s.arrival,
          modeOfTransport: 'VESSEL',
          vesselName: s.vesselName,
          vesselIMONumber: s.vesselIMONumber,
          carrierServiceCode: s.serviceCode,
          carrierExportVoyageNumber: s.voyage,
        },
      ],
      shipmentCutOffTimes: [
        { cutOffDateTimeCode: 'DCO', cutOffDateTime: cut(3, '12:00') },
        { cutOffDateTimeCode: 'VCO', cutOffDateTime: cut(2, '12:00') },
        { cutOffDateTimeCode: 'FCO', cutOffDateTime: cut(1, '18:00') },
      ],
      feedbacks: [
        {
          severity: 'INFO',
          code: 'INFORMATIONAL_MESSAGE',
          message: `Booking confirmed on ${s.vesselName} voyage ${s.voyage}.`,
        },
      ],
    };
  }

  const newCbr = (c) => `${c.cfg.scac}${alnum(8)}`;

  /** The carrier processes a new (or updated) booking request: confirmed, or rejected in the decline case. */
  function processBooking(c, b) {
    if (c.cfg.mode === 'decline' || wantsDecline(b.content)) {
      b.doc = {
        ...b.content,
        carrierBookingRequestReference: b.cbrr,
        bookingStatus: 'REJECTED',
        feedbacks: [
          {
            severity: 'ERROR',
            code: 'PROPERTY_VALUE_MUST_CHANGE',
            message: 'No space on the requested sailing: the booking request is rejected by the carrier.',
            property: 'expectedDepartureDate',
          },
        ],
      };
    } else {
      b.cbr ??= newCbr(c);
      b.doc = confirmed(c, b, b.content);
    }
    emitBooking(c, b);
  }

  function createBooking(c, body) {
    const content = project('BKG', 'CreateBooking', body);
    const b = { cbrr: randomUUID(), cbr: undefined, content, amended: null };
    b.doc = { ...content, carrierBookingRequestReference: b.cbrr, bookingStatus: 'RECEIVED' };
    c.bookings.set(b.cbrr, b);
    emitBooking(c, b);
    schedule(c, c.cfg.confirmDelayMs, `process booking ${b.cbrr}`, `booking:${b.cbrr}`, () =>
      processBooking(c, b),
    );
    return { status: 202, body: { carrierBookingRequestReference: b.cbrr } };
  }

  function updateBooking(c, b, body) {
    const status = b.doc.bookingStatus;
    const given = [
      ['carrierBookingRequestReference', b.cbrr],
      ['carrierBookingReference', b.doc.carrierBookingReference],
    ].find(([k, ours]) => body[k] !== undefined && body[k] !== ours);
    if (given)
      throw fault(400, 'Reference mismatch', `${given[0]} ${body[given[0]]} is not this booking's`, {
        property: given[0],
        jsonPath: `$.${given[0]}`,
      });
    const { carrierBookingRequestReference, carrierBookingReference, ...content } = project(
      'BKG',
      'UpdateBooking',
      body,
    );
    if (['RECEIVED', 'PENDING_UPDATE', 'UPDATE_RECEIVED'].includes(status)) {
      cancelSteps(`booking:${b.cbrr}`);
      b.content = content;
      b.doc = { ...content, carrierBookingRequestReference: b.cbrr, bookingStatus: 'UPDATE_RECEIVED' };
      emitBooking(c, b);
      schedule(c, c.cfg.confirmDelayMs, `process booking update ${b.cbrr}`, `booking:${b.cbrr}`, () =>
        processBooking(c, b),
      );
    } else if (['CONFIRMED', 'PENDING_AMENDMENT'].includes(status)) {
      cancelSteps(`booking:${b.cbrr}:amendment`);
      b.amendedContent = content;
      b.doc.amendedBookingStatus = 'AMENDMENT_RECEIVED';
      delete b.doc.bookingCancellationStatus;
      b.amended = {
        ...content,
        carrierBookingRequestReference: b.cbrr,
        carrierBookingReference: b.cbr,
        bookingStatus: status,
        amendedBookingStatus: 'AMENDMENT_RECEIVED',
      };
      emitBooking(c, b);
      schedule(
        c,
        c.cfg.confirmDelayMs,
        `process booking amendment ${b.cbrr}`,
        `booking:${b.cbrr}:amendment`,
        () => {
          if (c.cfg.mode === 'decline' || wantsDecline(b.amendedContent)) {
            b.doc.amendedBookingStatus = 'AMENDMENT_DECLINED';
            b.doc.feedbacks = [
              {
                severity: 'ERROR',
                code: 'PROPERTY_VALUE_MUST_CHANGE',
                message: 'The amendment cannot be accepted: the confirmed booking stands.',
              },
            ];
          } else {
            b.content = b.amendedContent;
            b.doc = confirmed(c, b, b.content, { amendedBookingStatus: 'AMENDMENT_CONFIRMED' });
          }
          b.amended = null;
          emitBooking(c, b);
        },
      );
    } else {
      throw fault(409, 'Booking not updatable', `The booking is ${status}: it cannot be updated.`, {
        property: 'bookingStatus',
        value: status,
      });
    }
    return { status: 202 };
  }

  function cancelBooking(c, b, body) {
    const d = b.doc;
    if (body.bookingStatus !== undefined) {
      if (body.bookingStatus !== 'CANCELLED')
        throw fault(400, 'Invalid value', 'bookingStatus can only be set to CANCELLED', {
          property: 'bookingStatus',
          jsonPath: '$.bookingStatus',
          value: truncate(String(body.bookingStatus), 500),
        });
      if (!['RECEIVED', 'PENDING_UPDATE', 'UPDATE_RECEIVED'].includes(d.bookingStatus))
        throw fault(
          409,
          'Booking not cancellable',
          d.bookingStatus === 'CONFIRMED' || d.bookingStatus === 'PENDING_AMENDMENT'
            ? 'The booking is confirmed: request its cancellation with bookingCancellationStatus CANCELLATION_RECEIVED.'
            : `The booking is ${d.bookingStatus}: it cannot be cancelled.`,
          { property: 'bookingStatus', value: d.bookingStatus },
        );
      cancelSteps(`booking:${b.cbrr}`);
      d.bookingStatus = 'CANCELLED';
      emitBooking(c, b);
    } else if (body.bookingCancellationStatus !== undefined) {
      if (body.bookingCancellationStatus !== 'CANCELLATION_RECEIVED')
        throw fault(
          400,
          'Invalid value',
          'bookingCancellationStatus can only be set to CANCELLATION_RECEIVED',
          {
            property: 'bookingCancellationStatus',
            jsonPath: '$.bookingCancellationStatus',
            value: truncate(String(body.bookingCancellationStatus), 500),
          },
        );
      if (!['CONFIRMED', 'PENDING_AMENDMENT'].includes(d.bookingStatus))
        throw fault(
          409,
          'Booking not cancellable',
          `The booking is ${d.bookingStatus}: only a confirmed booking takes a cancellation request.`,
          { property: 'bookingStatus', value: d.bookingStatus },
        );
      if (d.bookingCancellationStatus === 'CANCELLATION_RECEIVED')
        throw fault(
          409,
          'Cancellation pending',
          'A cancellation of this booking is already being processed.',
        );
      cancelSteps(`booking:${b.cbrr}:amendment`);
      d.bookingCancellationStatus = 'CANCELLATION_RECEIVED';
      if (d.amendedBookingStatus === 'AMENDMENT_RECEIVED') d.amendedBookingStatus = 'AMENDMENT_CANCELLED';
      b.amended = null;
      emitBooking(c, b);
      schedule(
        c,
        c.cfg.confirmDelayMs,
        `process booking cancellation ${b.cbrr}`,
        `booking:${b.cbrr}:cancellation`,
        () => {
          if (c.cfg.mode === 'decline') d.bookingCancellationStatus = 'CANCELLATION_DECLINED';
          else {
            d.bookingCancellationStatus = 'CANCELLATION_CONFIRMED';
            d.bookingStatus = 'CANCELLED';
          }
          emitBooking(c, b);
        },
      );
    } else {
      if (body.amendedBookingStatus !== 'AMENDMENT_CANCELLED')
        throw fault(400, 'Invalid value', 'amendedBookingStatus can only be set to AMENDMENT_CANCELLED', {
          property: 'amendedBookingStatus',
          jsonPath: '$.amendedBookingStatus',
          value: truncate(String(body.amendedBookingStatus), 500),
        });
      // The standard's own rule: no amendment being processed → 404.
      if (d.amendedBookingStatus !== 'AMENDMENT_RECEIVED')
        throw fault(404, 'No amendment', 'The booking has no amendment being processed.');
      cancelSteps(`booking:${b.cbrr}:amendment`);
      d.amendedBookingStatus = 'AMENDMENT_CANCELLED';
      b.amended = null;
      emitBooking(c, b);
    }
    return { status: 202 };
  }

  return { findBooking, createBooking, updateBooking, cancelBooking };
}
