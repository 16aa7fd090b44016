import type { TCarrierBookingView, TCarrierExchange, TMblCarrierView } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  bookingRefetchInterval,
  bookingWordKey,
  carrierBookingBase,
  carrierWorking,
  type DifferenceRow,
  detailParts,
  differencesKey,
  differenceText,
  initialTicks,
  issuedMblNo,
  linkColour,
  linkErrorKey,
  mblActions,
  mblRefetchInterval,
  offersFileExport,
  POLL_MS,
  reviewDetail,
  reviewedLatest,
  sendHint,
  statusColour,
  tickAll,
  tickedFields,
  toggleTick,
} from './carrier-link-model';

const exchange = (over: Partial<TCarrierExchange> = {}): TCarrierExchange => ({
  id: 1,
  kind: 'BOOKING',
  carrier_code: 'MAEU',
  carrier_ref: 'CBRR-1',
  carrier_booking_reference: null,
  transport_document_reference: null,
  carrier_status: null,
  carrier_sub_status: null,
  link_state: 'SYNCED',
  last_error: null,
  attempts: 0,
  next_attempt_at: null,
  carrier_document_at: null,
  reviewed_at: null,
  updated_at: '2026-11-27T05:00:00Z',
  version: 1,
  events: [],
  ...over,
});

const allCan = { send: true, amend: true, cancel: true, accept: true };
const consolView = (over: Partial<TCarrierBookingView> = {}): TCarrierBookingView => ({
  connected: true,
  carrier_code: 'MAEU',
  exchange: null,
  differences: [],
  can: allCan,
  version: 3,
  ...over,
});

const mblView = (over: Partial<TMblCarrierView> = {}): TMblCarrierView => ({
  connected: true,
  carrier_code: 'MAEU',
  si: null,
  td: null,
  td_status: null,
  differences: [],
  warnings: [],
  reviewed: true,
  can: { submit: true, update: true, approve: true, accept: true },
  mbl_version: 2,
  mbl_status: 'DRAFT',
  carrier_mbl_no: null,
  ...over,
});

describe('colours of the states', () => {
  it('reads done as green, refused as red, the user’s turn as orange, the carrier’s as blue', () => {
    expect(statusColour('CONFIRMED')).toBe('green');
    expect(statusColour('ISSUED')).toBe('green');
    expect(statusColour('DECLINED')).toBe('red');
    expect(statusColour('REJECTED')).toBe('red');
    expect(statusColour('PENDING_UPDATE')).toBe('orange');
    expect(statusColour('DRAFT')).toBe('orange');
    expect(statusColour('RECEIVED')).toBe('blue');
    expect(statusColour('CANCELLED')).toBe('default');
    expect(statusColour(null)).toBe('default');
    expect(statusColour('SOMETHING_NEW')).toBe('default');
  });

  it('colours the link states', () => {
    expect(linkColour('SYNCED')).toBe('green');
    expect(linkColour('SENDING')).toBe('blue');
    expect(linkColour('WAITING')).toBe('blue');
    expect(linkColour('FAILED')).toBe('red');
    expect(linkColour('REFUSED')).toBe('red');
  });
});

describe('whether the carrier is still working (the panel re-reads)', () => {
  it('works while a request is on its way or unanswered', () => {
    expect(carrierWorking(exchange({ link_state: 'SENDING' }))).toBe(true);
    expect(carrierWorking(exchange({ link_state: 'WAITING', carrier_status: 'CONFIRMED' }))).toBe(true);
    expect(carrierWorking(exchange({ carrier_status: 'RECEIVED' }))).toBe(true);
    expect(
      carrierWorking(exchange({ carrier_status: 'CONFIRMED', carrier_sub_status: 'AMENDMENT_RECEIVED' })),
    ).toBe(true);
    expect(carrierWorking(exchange({ carrier_status: null }))).toBe(true);
  });

  it('rests when the carrier answered, the state is final, or the user must act', () => {
    expect(carrierWorking(exchange({ carrier_status: 'CONFIRMED' }))).toBe(false);
    expect(carrierWorking(exchange({ carrier_status: 'DECLINED' }))).toBe(false);
    expect(
      carrierWorking(exchange({ carrier_status: 'CANCELLED', carrier_sub_status: 'CANCELLATION_RECEIVED' })),
    ).toBe(false);
    expect(carrierWorking(exchange({ link_state: 'FAILED', carrier_status: null }))).toBe(false);
    expect(carrierWorking(exchange({ link_state: 'REFUSED' }))).toBe(false);
    expect(carrierWorking(null)).toBe(false);
  });

  it('re-reads a plan only while connected and working', () => {
    expect(bookingRefetchInterval(consolView({ exchange: exchange({ carrier_status: 'RECEIVED' }) }))).toBe(
      POLL_MS,
    );
    expect(bookingRefetchInterval(consolView({ exchange: exchange({ carrier_status: 'CONFIRMED' }) }))).toBe(
      false,
    );
    expect(bookingRefetchInterval(consolView({ exchange: null }))).toBe(false);
    expect(
      bookingRefetchInterval(consolView({ connected: false, exchange: exchange({ link_state: 'SENDING' }) })),
    ).toBe(false);
    expect(bookingRefetchInterval(undefined)).toBe(false);
  });

  it('re-reads a bill while its SI waits for a draft or an approved draft waits to be issued', () => {
    const si = exchange({ kind: 'SI', carrier_status: 'RECEIVED' });
    expect(mblRefetchInterval(mblView({ si }))).toBe(POLL_MS);
    const draft = exchange({ kind: 'TD', carrier_status: 'DRAFT' });
    expect(mblRefetchInterval(mblView({ si, td: draft }))).toBe(false);
    expect(mblRefetchInterval(mblView({ si, td: { ...draft, carrier_status: 'APPROVED' } }))).toBe(POLL_MS);
    expect(mblRefetchInterval(mblView({ si, td: { ...draft, link_state: 'SENDING' } }))).toBe(POLL_MS);
    expect(mblRefetchInterval(mblView({ si, td: { ...draft, carrier_status: 'ISSUED' } }))).toBe(false);
    expect(mblRefetchInterval(mblView())).toBe(false);
  });
});

describe('the booking panel’s buttons', () => {
  it('offers nothing when the carrier is not connected', () => {
    expect(bookingActions(consolView({ connected: false }))).toEqual({
      send: null,
      cancel: false,
      accept: false,
    });
  });

  it('sends first, amends once the carrier has it, sends again after a failure', () => {
    expect(bookingActions(consolView()).send).toBe('send');
    expect(bookingActions(consolView({ exchange: exchange({ carrier_status: 'CONFIRMED' }) })).send).toBe(
      'amend',
    );
    expect(
      bookingActions(
        consolView({
          exchange: exchange({ link_state: 'FAILED', carrier_status: null }),
          can: { ...allCan, amend: false },
        }),
      ).send,
    ).toBe('resend');
    expect(bookingActions(consolView({ can: { ...allCan, send: false } })).send).toBe(null);
    // A booking the carrier declined may be sent again as a new one, not amended.
    expect(
      bookingActions(
        consolView({ exchange: exchange({ carrier_status: 'DECLINED' }), can: { ...allCan, amend: false } }),
      ).send,
    ).toBe('resend');
  });

  it('sends nothing behind a request on its way; cancel needs an exchange; accept needs differences', () => {
    const sending = consolView({ exchange: exchange({ link_state: 'SENDING' }) });
    expect(bookingActions(sending)).toEqual({ send: null, cancel: false, accept: false });
    expect(bookingActions(consolView()).cancel).toBe(false);
    expect(bookingActions(consolView({ exchange: exchange({ carrier_status: 'CONFIRMED' }) })).cancel).toBe(
      true,
    );
    const diff = { field: 'voyage', ours: '1', carrier: '2', acceptable: true };
    expect(bookingActions(consolView({ differences: [diff] })).accept).toBe(true);
    expect(
      bookingActions(consolView({ differences: [diff], can: { ...allCan, accept: false } })).accept,
    ).toBe(false);
  });
});

describe('one carrier booking panel for a plan and an FCL booking', () => {
  it('calls the plan’s or the booking’s routes, the number encoded', () => {
    expect(carrierBookingBase({ kind: 'consol', no: 'CSL2026-0001' })).toBe('/Consolidation/CSL2026-0001');
    expect(carrierBookingBase({ kind: 'booking', no: 'SO 1/2' })).toBe('/Booking/SO%201%2F2');
  });

  it('words the document as a plan or a booking where the text names it', () => {
    expect(bookingWordKey('consol', 'confirmSend')).toBe('booking.confirmSend');
    expect(bookingWordKey('booking', 'confirmSend')).toBe('fcl.confirmSend');
    expect(bookingWordKey('booking', 'sendWhen')).toBe('fcl.sendWhen');
    // Words that do not name the document are shared.
    expect(bookingWordKey('booking', 'send')).toBe('booking.send');
    expect(bookingWordKey('booking', 'bookingRef')).toBe('booking.bookingRef');
  });

  it('sends nothing when the server says why the document cannot be sent, and says why', () => {
    const lcl = consolView({ blocked: 'msgCarrierLinkLclWithPlan', can: { ...allCan, amend: false } });
    expect(bookingActions(lcl).send).toBe(null);
    expect(sendHint(lcl)).toEqual({ kind: 'blocked', msgKey: 'msgCarrierLinkLclWithPlan' });
    // Even beside a live carrier booking (no amend either); cancel and accept stay the server's word.
    const live = consolView({
      blocked: 'msgCarrierLinkActionNotAllowed',
      exchange: exchange({ carrier_status: 'CONFIRMED' }),
      differences: [{ field: 'voyage', ours: '1', carrier: '2', acceptable: true }],
    });
    expect(bookingActions(live)).toEqual({ send: null, cancel: true, accept: true });
    expect(sendHint(live)).toEqual({ kind: 'blocked', msgKey: 'msgCarrierLinkActionNotAllowed' });
    // null and absent (a plan's view) block nothing.
    expect(bookingActions(consolView({ blocked: null })).send).toBe('send');
    expect(sendHint(consolView())).toBe(null);
  });

  it('says when a document can be sent while nothing was sent and no send is offered', () => {
    expect(sendHint(consolView({ can: { ...allCan, send: false } }))).toEqual({ kind: 'when' });
    expect(
      sendHint(
        consolView({ can: { ...allCan, send: false }, exchange: exchange({ carrier_status: 'CONFIRMED' }) }),
      ),
    ).toBe(null);
    expect(sendHint(consolView({ connected: false, can: { ...allCan, send: false } }))).toBe(null);
    expect(sendHint(undefined)).toBe(null);
  });

  it('offers the DCSA file when not connected, unless the document cannot go to a carrier at all', () => {
    expect(offersFileExport(consolView({ connected: false }))).toBe(true);
    expect(offersFileExport(consolView({ connected: false, blocked: 'msgCarrierLinkNotConnected' }))).toBe(
      true,
    );
    expect(sendHint(consolView({ connected: false, blocked: 'msgCarrierLinkNotConnected' }))).toBe(null);
    expect(offersFileExport(consolView({ connected: false, blocked: 'msgCarrierLinkLclWithPlan' }))).toBe(
      false,
    );
    expect(offersFileExport(consolView({ connected: false, blocked: 'msgCarrierLinkNoCarrier' }))).toBe(
      false,
    );
    expect(offersFileExport(consolView())).toBe(false);
  });
});

describe('the master bill panel’s buttons', () => {
  it('submits first, then requests amendments; approves only a draft', () => {
    expect(mblActions(mblView())).toEqual({ submit: true, amend: false, approve: false, accept: false });
    const si = exchange({ kind: 'SI', carrier_status: 'RECEIVED' });
    const td = exchange({ kind: 'TD', carrier_status: 'DRAFT', transport_document_reference: 'TD-1' });
    expect(mblActions(mblView({ si, td }))).toEqual({
      submit: false,
      amend: true,
      approve: true,
      accept: false,
    });
    expect(mblActions(mblView({ si, td: { ...td, carrier_status: 'APPROVED' } })).approve).toBe(false);
    expect(mblActions(mblView({ si: { ...si, link_state: 'SENDING' } })).amend).toBe(false);
    expect(mblActions(mblView({ connected: false })).submit).toBe(false);
  });

  it('shows the carrier MBL no. once issued', () => {
    const td = exchange({ kind: 'TD', carrier_status: 'DRAFT', transport_document_reference: 'MAEU123' });
    expect(issuedMblNo(mblView({ td }))).toBe(null);
    expect(issuedMblNo(mblView({ td: { ...td, carrier_status: 'ISSUED' } }))).toBe('MAEU123');
    expect(issuedMblNo(mblView({ td: { ...td, carrier_status: 'ISSUED' }, carrier_mbl_no: 'MAEU999' }))).toBe(
      'MAEU999',
    );
  });
});

describe('history details', () => {
  it('marks the portal’s moves so they get words', () => {
    expect(detailParts('CREATE · HTTP 202')).toEqual([
      { text: 'CREATE', action: true },
      { text: 'HTTP 202', action: false },
    ]);
    expect(detailParts('carrier said no')).toEqual([{ text: 'carrier said no', action: false }]);
    expect(detailParts('CREATE · HTTP 503 · HTTP 503').map((d) => d.text)).toEqual(['CREATE', 'HTTP 503']);
  });
});

describe('the difference report’s ticks', () => {
  const rows: DifferenceRow[] = [
    { field: 'carrier_booking_no', ours: null, carrier: 'MAEU1', acceptable: true },
    { field: 'vessel_name', ours: 'A', carrier: 'B', acceptable: true },
    { field: 'cy_cutoff', ours: null, carrier: '2026-12-01T10:00', acceptable: false },
    { field: 'pol', ours: 'HKHKG', carrier: 'CNYTN', appliable: false },
  ];

  it('ticks every row the document can take at first, never the compare-only ones', () => {
    expect([...initialTicks(rows)]).toEqual(['carrier_booking_no', 'vessel_name']);
  });

  it('sends the ticked appliable fields in the report’s order', () => {
    let ticks = initialTicks(rows);
    ticks = toggleTick(ticks, 'carrier_booking_no', false);
    expect(tickedFields(rows, ticks)).toEqual(['vessel_name']);
    ticks = toggleTick(ticks, 'carrier_booking_no', true);
    expect(tickedFields(rows, ticks)).toEqual(['carrier_booking_no', 'vessel_name']);
    // A compare-only row is never sent, even if ticked somehow.
    expect(tickedFields(rows, toggleTick(ticks, 'cy_cutoff', true))).toEqual([
      'carrier_booking_no',
      'vessel_name',
    ]);
    expect(tickedFields(rows, tickAll(rows, false))).toEqual([]);
    expect(tickedFields(rows, tickAll(rows, true))).toEqual(['carrier_booking_no', 'vessel_name']);
  });

  it('starts with nothing ticked once the carrier’s document was reviewed', () => {
    expect([...initialTicks(rows, true)]).toEqual([]);
    expect(reviewedLatest(exchange({ reviewed_at: null }))).toBe(false);
    expect(
      reviewedLatest(
        exchange({ carrier_document_at: '2026-11-27T05:00:00Z', reviewed_at: '2026-11-27T05:01:00Z' }),
      ),
    ).toBe(true);
    // A newer document from the carrier after the review: to be reviewed again.
    expect(
      reviewedLatest(
        exchange({ carrier_document_at: '2026-11-27T05:02:00Z', reviewed_at: '2026-11-27T05:01:00Z' }),
      ),
    ).toBe(false);
  });

  it('starts again when the carrier’s document changes', () => {
    expect(differencesKey(rows)).toBe(differencesKey([...rows]));
    expect(differencesKey(rows)).not.toBe(
      differencesKey([{ ...rows[0], carrier: 'MAEU2' }, ...rows.slice(1)]),
    );
  });

  it('writes values as text', () => {
    expect(differenceText(null)).toBe('—');
    expect(differenceText('')).toBe('—');
    expect(differenceText('X')).toBe('X');
    expect(differenceText(3)).toBe('3');
    expect(differenceText('2026-12-10T18:00')).toBe('2026-12-10 18:00');
  });
});

describe('reviewDetail', () => {
  it('splits the server review notes so the history words them with field labels', () => {
    expect(reviewDetail('accepted: vessel_name, voyage; rejected: etd')).toEqual({
      accepted: ['vessel_name', 'voyage'],
      rejected: ['etd'],
      dismissed: false,
      none: false,
    });
    expect(reviewDetail('differences dismissed')?.dismissed).toBe(true);
    expect(reviewDetail('no differences')?.none).toBe(true);
    expect(reviewDetail('CREATE · HTTP 202')).toBeNull();
  });
});

describe('linkErrorKey', () => {
  it('words the portal own phrases and leaves the carrier text as it came', () => {
    expect(linkErrorKey('token refused (HTTP 401)')).toEqual({
      key: 'error.tokenRefused',
      values: { http: '401' },
    });
    expect(linkErrorKey('API key refused (HTTP 403)')?.key).toBe('error.apiKeyRefused');
    expect(linkErrorKey('connection disabled')?.key).toBe('error.disabled');
    expect(linkErrorKey('HTTP 503')).toEqual({ key: 'error.http', values: { http: '503' } });
    expect(linkErrorKey('HTTP 200: the answer is not a CreateBookingResponse')?.values.schema).toBe(
      'CreateBookingResponse',
    );
    expect(linkErrorKey('Invalid vessel IMO number')).toBeNull();
  });
});
