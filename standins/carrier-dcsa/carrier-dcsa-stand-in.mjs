// Carrier DCSA stand-in: a local imitation of container carriers' DCSA APIs (provider side of Booking 2.0.5 and
// eBL 3.0.4) for development and tests only. The portal reaches it solely through its carrier-link module at a
// configured carrier base URL; this folder is never imported by the product. See README.md.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { assertValid, project, SPECS, validateAgainst } from './dcsa-schemas.mjs';

export { openApiToJsonSchema, project, SPECS, validateAgainst } from './dcsa-schemas.mjs';

export const DEFAULT_PORT = 9195;
/** The demo carrier (main.mjs without CARRIER_DCSA_STANDIN_CARRIERS): env overrides each of these. */
export const DEMO_CARRIER_CODE = 'COSU';
export const DEMO_CLIENT_ID = 'portal-demo';
export const DEMO_CLIENT_SECRET = 'Dcsa-Demo-Secret-2026';
export const DEMO_NOTIFY_SECRET = 'Dcsa-Notify-Secret-2026';
/** The sailing a carrier uses where the request names none (and for an SI whose booking it does not know). */
export const DEFAULT_SAILING = {
  vesselName: 'STAND-IN EXPRESS',
  vesselIMONumber: '9811000',
  carrierExportVoyageNumber: '101E',
  carrierServiceCode: 'SIX',
  portOfLoading: 'CNSHA',
  portOfDischarge: 'USLAX',
  daysToDeparture: 10,
  transitDays: 14,
};
/** The clause every draft transport document carries (not in the shipper's instructions: a visible difference). */
export const CARRIER_CLAUSE = 'SHIPPER LOAD, STOW, WEIGHT AND COUNT. SAID TO CONTAIN.';
const TERMS =
  'Carriage is subject to the carrier stand-in terms and conditions of carriage (development and tests only).';

/** The carrier's own printed port names (what a draft shows as displayedNameFor...). */
const PORT_NAMES = {
  CNSHA: 'SHANGHAI, CHINA',
  CNNGB: 'NINGBO, CHINA',
  CNYTN: 'YANTIAN, CHINA',
  CNSZX: 'SHENZHEN, CHINA',
  HKHKG: 'HONG KONG',
  SGSIN: 'SINGAPORE',
  USLAX: 'LOS ANGELES, CA, USA',
  USLGB: 'LONG BEACH, CA, USA',
  USNYC: 'NEW YORK, NY, USA',
  USORF: 'NORFOLK, VA, USA',
  NLRTM: 'ROTTERDAM, NETHERLANDS',
  DEHAM: 'HAMBURG, GERMANY',
  DEBRV: 'BREMERHAVEN, GERMANY',
  GBFXT: 'FELIXSTOWE, UNITED KINGDOM',
};

const STATUS_TEXT = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

const NOTIFY = {
  booking: {
    spec: 'BKG',
    schema: 'BookingNotification',
    type: 'org.dcsa.booking.v2',
    path: '/v2/booking-notifications',
  },
  'shipping-instructions': {
    spec: 'EBL',
    schema: 'ShippingInstructionsNotification',
    type: 'org.dcsa.shipping-instructions.v3',
    path: '/v3/shipping-instructions-notifications',
  },
  'transport-document': {
    spec: 'EBL',
    schema: 'TransportDocumentNotification',
    type: 'org.dcsa.transport-document.v3',
    path: '/v3/transport-document-notifications',
  },
};

const MODES = ['normal', 'decline', 'down', 'nonsense'];

/** An answer the handlers throw: an HTTP status and DCSA DetailedErrors. */
class Fault extends Error {
  constructor(status, errors) {
    super(errors[0]?.errorCodeMessage ?? STATUS_TEXT[status]);
    this.status = status;
    this.errors = errors;
  }
}
const fault = (status, text, message, where = {}) =>
  new Fault(status, [{ errorCodeText: text, errorCodeMessage: message, ...where }]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Drops undefined members (JSON.stringify would too, but the documents are kept and compared as objects). */
const clean = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const today = () => new Date().toISOString().slice(0, 10);
const addDays = (date, n) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const digits = (seed, n) =>
  String(Number.parseInt(createHash('sha256').update(seed).digest('hex').slice(0, 12), 16))
    .slice(-n)
    .padStart(n, '0');
const alnum = (n) => [...randomBytes(n)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
const truncate = (s, n) => (typeof s === 'string' && s.length > n ? s.slice(0, n) : s);

function readBody(req, limit = 5_000_000) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

/** A carrier's settings from the options (defaults filled). */
function carrierConfig(o) {
  if (!o || typeof o.code !== 'string' || !/^[A-Za-z0-9_-]{1,20}$/.test(o.code))
    throw new Error(`carrier-dcsa stand-in: a carrier needs a code of 1-20 letters/digits (got ${o?.code})`);
  const auth = o.auth ?? { kind: 'OAUTH2', clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET };
  if (auth.kind !== 'OAUTH2' && auth.kind !== 'API_KEY')
    throw new Error(`carrier-dcsa stand-in: carrier ${o.code}: auth.kind must be OAUTH2 or API_KEY`);
  const delay = (v, d) => (v === undefined ? d : v === null || v < 0 ? null : Number(v));
  const notifyBaseUrl = o.notifyBaseUrl ? String(o.notifyBaseUrl).replace(/\/+$/, '') : undefined;
  return {
    code: o.code,
    auth:
      auth.kind === 'API_KEY'
        ? { kind: 'API_KEY', header: String(auth.header ?? 'x-api-key').toLowerCase(), key: String(auth.key) }
        : { kind: 'OAUTH2', clientId: String(auth.clientId), clientSecret: String(auth.clientSecret) },
    notifyBaseUrl,
    notifySecret: o.notifySecret,
    notifications: o.notifications ?? !!notifyBaseUrl,
    mode: MODES.includes(o.mode) ? o.mode : 'normal',
    confirmDelayMs: delay(o.confirmDelayMs, 1500),
    draftDelayMs: delay(o.draftDelayMs, 1500),
    issueDelayMs: delay(o.issueDelayMs, 1500),
    notifyDelayMs: o.notifyDelayMs ?? 50,
    notifyRetries: o.notifyRetries ?? 4,
    notifyRetryMs: o.notifyRetryMs ?? 250,
    tokenTtlSeconds: o.tokenTtlSeconds ?? 3600,
    scac: String(o.scac ?? o.code.slice(0, 4)).toUpperCase(),
    subscriptionReference: o.subscriptionReference ?? `portal-${o.code}`,
    sailing: { ...DEFAULT_SAILING, ...(o.sailing ?? {}) },
    issuingParty: o.issuingParty ?? {
      partyName: `${o.code} Container Lines (stand-in)`,
      address: { street: 'Harbour Road', streetNumber: '1', city: 'Hong Kong', countryCode: 'HK' },
    },
  };
}

/**
 * Starts the stand-in. `carriers`: the carriers it serves (see README.md); port 0 picks a free port.
 * Resolves to `{ url, baseUrl(code), close(), received(), notifications(), setCarrier(), advance(), replay(),
 * notify(), reset(), state(), problems(), idle() }` (the same controls as the HTTP `/_control` API).
 */
export function startCarrierDcsaStandIn({ port = 0, host = '127.0.0.1', carriers = [] } = {}) {
  const initial = carriers.map(carrierConfig);
  /** code → carrier: settings, tokens, documents, idempotency answers, the chain of notification deliveries. */
  const state = new Map();
  const fresh = (cfg) => ({
    cfg: { ...cfg, sailing: { ...cfg.sailing } },
    tokens: state.get(cfg.code)?.tokens ?? new Map(),
    bookings: new Map(),
    sis: new Map(),
    tds: new Map(),
    idempotency: new Map(),
    chain: Promise.resolve(),
  });
  for (const cfg of initial) state.set(cfg.code, fresh(cfg));
  let received = [];
  let notifications = [];
  let problems = [];
  let steps = [];
  let stepSeq = 0;
  let url = '';
  const baseUrl = (code) => `${url}/${code}`;
  const carrierOf = (code) => {
    const c = state.get(code);
    if (!c) throw new Error(`carrier-dcsa stand-in: no carrier ${code}`);
    return c;
  };
  const problem = (e) => {
    const text = e instanceof Error ? e.message : String(e);
    problems.push(text);
    console.error(`[carrier-dcsa stand-in] ${text}`);
  };

  // ---------------------------------------------------------------------------------------------------------
  // Scheduled state changes (timers, or `advance` in tests)

  function schedule(c, delayMs, label, key, run) {
    const step = { id: ++stepSeq, carrier: c.cfg.code, label, key, due: Date.now() + (delayMs ?? 1e12), run };
    if (delayMs !== null) step.timer = setTimeout(() => runStep(step), delayMs);
    steps.push(step);
  }
  async function runStep(step) {
    if (!steps.includes(step)) return;
    steps = steps.filter((s) => s !== step);
    clearTimeout(step.timer);
    try {
      await step.run();
    } catch (e) {
      problem(e);
    }
  }
  const cancelSteps = (key) => {
    for (const s of steps.filter((s) => s.key === key || s.key.startsWith(`${key}:`))) clearTimeout(s.timer);
    steps = steps.filter((s) => !(s.key === key || s.key.startsWith(`${key}:`)));
  };
  const pendingOf = (code) =>
    steps
      .filter((s) => s.carrier === code)
      .sort((a, b) => a.due - b.due || a.id - b.id)
      .map((s) => s.label);

  async function advance(code, { all = false } = {}) {
    carrierOf(code);
    const done = [];
    for (let i = 0; i < (all ? 100 : 1); i++) {
      const next = steps.filter((s) => s.carrier === code).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      await runStep(next);
      done.push(next.label);
    }
    await idle(code);
    return { done, pending: pendingOf(code) };
  }

  /** Resolves when every notification queued so far (of `code`, or of all carriers) is delivered or given up. */
  async function idle(code) {
    for (const c of code ? [carrierOf(code)] : [...state.values()]) {
      let chain;
      do {
        chain = c.chain;
        await chain;
      } while (chain !== c.chain);
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Notifications

  function emit(c, kind, data) {
    const meta = NOTIFY[kind];
    const body = {
      specversion: '1.0',
      id: randomUUID(),
      source: baseUrl(c.cfg.code),
      type: meta.type,
      time: new Date().toISOString(),
      datacontenttype: 'application/json',
      subscriptionReference: c.cfg.subscriptionReference,
      data: clean(data),
    };
    assertValid(meta.spec, meta.schema, body, `the ${kind} notification`);
    const rec = { id: body.id, carrier: c.cfg.code, kind, body, attempts: [], state: 'queued' };
    notifications.push(rec);
    if (!c.cfg.notifications || !c.cfg.notifyBaseUrl) {
      rec.state = 'not-sent';
      return rec;
    }
    c.chain = c.chain.then(async () => {
      await sleep(c.cfg.notifyDelayMs);
      await deliver(c, rec, c.cfg.notifyRetries);
    });
    return rec;
  }

  /** POSTs a body to the carrier's notification endpoint `path`; the answer's status and text. */
  async function post(c, path, body, secret = c.cfg.notifySecret) {
    if (!c.cfg.notifyBaseUrl) throw new Error(`carrier ${c.cfg.code} has no notifyBaseUrl`);
    const r = await fetch(`${c.cfg.notifyBaseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
        'api-version': path.startsWith('/v2/') ? SPECS.BKG.major : SPECS.EBL.major,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: r.status, body: (await r.text()).slice(0, 4000) };
  }

  /** Delivers a notification: network errors, 5xx, 404, 408, 409, 425 and 429 are retried with backoff. */
  async function deliver(c, rec, retries) {
    rec.state = 'sending';
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt) await sleep(c.cfg.notifyRetryMs * 2 ** (attempt - 1));
      const at = new Date().toISOString();
      try {
        const answer = await post(c, NOTIFY[rec.kind].path, rec.body);
        rec.attempts.push({ at, ...answer });
        if (answer.status >= 200 && answer.status < 300) {
          rec.state = 'delivered';
          return rec;
        }
        if (answer.status < 500 && ![404, 408, 409, 425, 429].includes(answer.status)) break;
      } catch (e) {
        rec.attempts.push({ at, error: e instanceof Error ? e.message : String(e) });
      }
    }
    rec.state = 'failed';
    return rec;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Booking 2.0

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
    const departure = content.expectedDepartureDate ?? addDays(today(), s.daysToDeparture);
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

  // ---------------------------------------------------------------------------------------------------------
  // eBL 3.0: shipping instructions and transport documents

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
    const departure = leg?.plannedDepartureDate ?? addDays(today(), s.daysToDeparture);
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

  // ---------------------------------------------------------------------------------------------------------
  // HTTP: the carriers' DCSA endpoints

  function errorResponse(spec, method, requestUri, status, errors) {
    const body = {
      httpMethod: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(method) ? method : 'OPTION',
      requestUri: truncate(requestUri, 4000),
      statusCode: status,
      statusCodeText: STATUS_TEXT[status] ?? 'Error',
      providerCorrelationReference: randomUUID(),
      errorDateTime: new Date().toISOString(),
      errors: errors.map((e) =>
        clean({
          errorCode: e.errorCode,
          property: truncate(e.property, 100),
          value: truncate(e.value, 500),
          jsonPath: truncate(e.jsonPath, 500),
          errorCodeText: truncate(e.errorCodeText, 100),
          errorCodeMessage: truncate(e.errorCodeMessage, 5000),
        }),
      ),
    };
    return assertValid(spec, 'ErrorResponse', body, 'an error answer');
  }

  const ROUTES = [
    { re: /^\/v2\/bookings$/, spec: 'BKG', methods: { POST: ['CreateBooking', 'createBooking'] } },
    {
      re: /^\/v2\/bookings\/([^/]+)$/,
      spec: 'BKG',
      methods: {
        GET: [null, 'getBooking'],
        PUT: ['UpdateBooking', 'updateBooking'],
        PATCH: ['CancelBookingRequest', 'cancelBooking'],
      },
    },
    {
      re: /^\/v3\/shipping-instructions$/,
      spec: 'EBL',
      methods: { POST: ['CreateShippingInstructions', 'createSi'] },
    },
    {
      re: /^\/v3\/shipping-instructions\/([^/]+)$/,
      spec: 'EBL',
      methods: {
        GET: [null, 'getSi'],
        PUT: ['UpdateShippingInstructions', 'updateSi'],
        PATCH: ['CancelShippingInstructionsUpdate', 'cancelSi'],
      },
    },
    {
      re: /^\/v3\/transport-documents\/([^/]+)$/,
      spec: 'EBL',
      methods: { GET: [null, 'getTd'], PATCH: ['ApproveTransportDocument', 'approveTd'] },
    },
    { re: /^\/v3\/transport-documents\/([^/]+)\/amendment$/, spec: 'EBL', methods: {}, notImplemented: true },
  ];

  const HANDLERS = {
    createBooking: (c, _ref, body) => createBooking(c, body),
    getBooking: (c, ref, _b, query) => {
      const b = findBooking(c, ref);
      if (!b) throw fault(404, 'Unknown booking', `No booking ${ref}`);
      if (query.get('amendedContent') === 'true') {
        if (!b.amended) throw fault(404, 'No amendment', 'The booking has no amendment being processed.');
        return { status: 200, body: b.amended, schema: 'Booking' };
      }
      return { status: 200, body: b.doc, schema: 'Booking' };
    },
    updateBooking: (c, ref, body) => {
      const b = findBooking(c, ref);
      if (!b) throw fault(404, 'Unknown booking', `No booking ${ref}`);
      return updateBooking(c, b, body);
    },
    cancelBooking: (c, ref, body) => {
      const b = findBooking(c, ref);
      if (!b) throw fault(404, 'Unknown booking', `No booking ${ref}`);
      return cancelBooking(c, b, body);
    },
    createSi: (c, _ref, body) => createSi(c, body),
    getSi: (c, ref, _b, query) => {
      const si = findSi(c, ref);
      if (!si) throw fault(404, 'Unknown shipping instructions', `No shipping instructions ${ref}`);
      if (query.get('updatedContent') === 'true') {
        if (!si.updated)
          throw fault(404, 'No update', 'The shipping instructions have no update being processed.');
        return { status: 200, body: si.updated, schema: 'ShippingInstructions' };
      }
      return { status: 200, body: si.doc, schema: 'ShippingInstructions' };
    },
    updateSi: (c, ref, body) => {
      const si = findSi(c, ref);
      if (!si) throw fault(404, 'Unknown shipping instructions', `No shipping instructions ${ref}`);
      return updateSi(c, si, body);
    },
    cancelSi: (c, ref, body) => {
      const si = findSi(c, ref);
      if (!si) throw fault(404, 'Unknown shipping instructions', `No shipping instructions ${ref}`);
      return cancelSi(c, si, body);
    },
    getTd: (c, ref) => {
      const td = c.tds.get(ref);
      if (!td) throw fault(404, 'Unknown transport document', `No transport document ${ref}`);
      return { status: 200, body: td.doc, schema: 'TransportDocument' };
    },
    approveTd: (c, ref, body) => {
      const td = c.tds.get(ref);
      if (!td) throw fault(404, 'Unknown transport document', `No transport document ${ref}`);
      return approveTd(c, td, body);
    },
  };

  /** What a carrier in 'nonsense' mode answers: 2xx, but not what the standard describes. */
  const NONSENSE = {
    POST: { status: 202, body: { status: 'ACCEPTED', reference: null, message: 'Request queued' } },
    GET: { status: 200, body: { result: 'OK', items: [], bookingStatus: 42 } },
    other: { status: 200, html: '<html><body><h1>Service moved</h1></body></html>' },
  };

  function send(res, entry, status, body, headers = {}) {
    entry.status = status;
    if (body === undefined) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  }

  function tokenEndpoint(c, req, raw, res, entry) {
    let fields;
    if (String(req.headers['content-type'] ?? '').includes('application/json')) {
      try {
        fields = JSON.parse(raw || '{}');
      } catch {
        fields = {};
      }
    } else fields = Object.fromEntries(new URLSearchParams(raw));
    const basic = /^Basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    if (basic) {
      const [id, ...secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      fields.client_id = decodeURIComponent(id ?? '');
      fields.client_secret = decodeURIComponent(secret.join(':'));
    }
    entry.body = { ...fields, client_secret: fields.client_secret ? '***' : undefined };
    const a = c.cfg.auth;
    if (a.kind !== 'OAUTH2' || fields.client_id !== a.clientId || fields.client_secret !== a.clientSecret) {
      entry.valid = false;
      return send(
        res,
        entry,
        401,
        { error: 'invalid_client', error_description: 'Client authentication failed.' },
        { 'www-authenticate': 'Basic realm="carrier-dcsa"' },
      );
    }
    if (fields.grant_type !== 'client_credentials') {
      entry.valid = false;
      return send(res, entry, 400, { error: 'unsupported_grant_type' });
    }
    entry.valid = true;
    const token = randomBytes(24).toString('base64url');
    c.tokens.set(token, Date.now() + c.cfg.tokenTtlSeconds * 1000);
    return send(res, entry, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: c.cfg.tokenTtlSeconds,
      scope: 'booking ebl',
    });
  }

  function authorized(c, req) {
    const a = c.cfg.auth;
    if (a.kind === 'API_KEY') return req.headers[a.header] === a.key;
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const expires = bearer ? c.tokens.get(bearer) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  const mask = (v) => (typeof v === 'string' ? v.replace(/^(\w+\s+)?(.{0,4}).*$/s, '$1$2…') : undefined);

  async function carrierRequest(req, res, url, raw) {
    const [, code = '', ...rest] = url.pathname.split('/');
    const sub = `/${rest.join('/')}`;
    const method = req.method ?? 'GET';
    const spec = sub.startsWith('/v3/') ? 'EBL' : 'BKG';
    const requestUri = `${url.pathname}${url.search}`;
    const c = state.get(code);
    const entry = {
      at: new Date().toISOString(),
      carrier: code,
      method,
      path: sub,
      query: url.search,
      headers: clean({
        authorization: mask(req.headers.authorization),
        'idempotency-key': req.headers['idempotency-key'],
        'api-version': req.headers['api-version'],
        'content-type': req.headers['content-type'],
        ...(c?.cfg.auth.kind === 'API_KEY'
          ? { [c.cfg.auth.header]: mask(req.headers[c.cfg.auth.header]) }
          : {}),
      }),
      body: undefined,
      valid: null,
      errors: undefined,
      status: 0,
    };
    received.push(entry);
    const refuse = (status, errors, headers) =>
      send(res, entry, status, errorResponse(spec, method, requestUri, status, errors), headers);
    if (!c)
      return refuse(404, [
        { errorCodeText: 'Unknown carrier', errorCodeMessage: `No carrier ${code} here.` },
      ]);
    if (c.cfg.mode === 'down')
      return refuse(503, [
        {
          errorCodeText: 'Service unavailable',
          errorCodeMessage: 'The carrier system is down for maintenance.',
        },
      ]);
    if (sub === '/oauth/token') {
      if (method !== 'POST' || c.cfg.auth.kind !== 'OAUTH2')
        return refuse(404, [
          { errorCodeText: 'Not found', errorCodeMessage: 'This carrier issues no tokens here.' },
        ]);
      return tokenEndpoint(c, req, raw, res, entry);
    }
    if (!authorized(c, req))
      return refuse(
        401,
        [{ errorCodeText: 'Unauthorized', errorCodeMessage: 'Missing, wrong or expired credentials.' }],
        { 'www-authenticate': c.cfg.auth.kind === 'OAUTH2' ? 'Bearer' : c.cfg.auth.header },
      );
    let route;
    let match;
    for (const r of ROUTES) {
      match = r.re.exec(sub);
      if (match) {
        route = r;
        break;
      }
    }
    if (!route)
      return refuse(404, [{ errorCodeText: 'Not found', errorCodeMessage: `No endpoint ${method} ${sub}.` }]);
    if (route.notImplemented)
      return refuse(501, [
        {
          errorCodeText: 'Not implemented',
          errorCodeMessage: 'Direct transport document amendments are not offered by this carrier.',
        },
      ]);
    const op = route.methods[method];
    if (!op)
      return refuse(405, [{ errorCodeText: 'Method not allowed', errorCodeMessage: `${method} ${sub}` }]);
    const version = req.headers['api-version'];
    if (version !== undefined && version !== SPECS[route.spec].major)
      return refuse(400, [
        {
          errorCodeText: 'Wrong API-Version',
          errorCodeMessage: `API-Version must be the major version of the URI (${SPECS[route.spec].major}).`,
          property: 'API-Version',
          value: truncate(String(version), 500),
        },
      ]);
    const [schema, handler] = op;
    let body;
    if (schema) {
      try {
        body = JSON.parse(raw);
        entry.body = body;
      } catch {
        entry.body = truncate(raw, 2000);
        entry.valid = false;
        return refuse(400, [
          { errorCodeText: 'Invalid JSON', errorCodeMessage: 'The request body is not JSON.' },
        ]);
      }
    }
    const key = req.headers['idempotency-key'];
    if (schema && typeof key === 'string' && key) {
      const seen = c.idempotency.get(key);
      if (seen) {
        entry.valid = seen.valid;
        entry.replayed = true;
        if (seen.method !== method || seen.path !== sub)
          return refuse(409, [
            {
              errorCodeText: 'Idempotency-Key reused',
              errorCodeMessage: `This Idempotency-Key was used for ${seen.method} ${seen.path}.`,
              property: 'Idempotency-Key',
            },
          ]);
        return send(res, entry, seen.status, seen.body, { 'api-version': SPECS[route.spec].version });
      }
    }
    if (c.cfg.mode === 'nonsense') {
      const n = NONSENSE[method] ?? NONSENSE.other;
      if (n.html) {
        entry.status = n.status;
        res.writeHead(n.status, { 'content-type': 'text/html' });
        return res.end(n.html);
      }
      return send(res, entry, n.status, n.body);
    }
    if (schema) {
      const errors = validateAgainst(route.spec, schema, body);
      entry.valid = errors.length === 0;
      if (errors.length) {
        entry.errors = errors;
        return refuse(
          400,
          errors.map((e) => ({
            errorCodeText: `Invalid ${schema}`,
            errorCodeMessage: `${e.jsonPath} ${e.message}`,
            property: e.property,
            jsonPath: e.jsonPath,
          })),
        );
      }
    }
    const ref = match[1] ? decodeURIComponent(match[1]) : undefined;
    let out;
    try {
      out = HANDLERS[handler](c, ref, body, url.searchParams);
    } catch (e) {
      if (e instanceof Fault) return refuse(e.status, e.errors);
      throw e;
    }
    if (out.schema) assertValid(route.spec, out.schema, out.body, `the answer to ${method} ${sub}`);
    if (schema && typeof key === 'string' && key)
      c.idempotency.set(key, { method, path: sub, status: out.status, body: out.body, valid: entry.valid });
    return send(res, entry, out.status, out.body, { 'api-version': SPECS[route.spec].version });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Controls (JS and HTTP /_control)

  function setCarrier(code, patch = {}) {
    let c = state.get(code);
    if (!c) {
      if (!patch.auth) throw new Error(`carrier-dcsa stand-in: no carrier ${code} (give auth to add one)`);
      c = fresh(carrierConfig({ ...patch, code }));
      state.set(code, c);
    } else {
      if (patch.mode !== undefined && !MODES.includes(patch.mode))
        throw new Error(`carrier-dcsa stand-in: mode must be one of ${MODES.join(', ')}`);
      const merged = carrierConfig({
        ...c.cfg,
        ...patch,
        code,
        sailing: { ...c.cfg.sailing, ...patch.sailing },
      });
      // A first notification address turns notifications on unless the patch says otherwise.
      if (patch.notifications === undefined && patch.notifyBaseUrl && !c.cfg.notifyBaseUrl)
        merged.notifications = true;
      c.cfg = merged;
    }
    if (patch.revokeTokens) c.tokens.clear();
    return settingsOf(c);
  }
  const settingsOf = (c) => {
    const { auth, ...rest } = c.cfg;
    return {
      ...rest,
      auth:
        auth.kind === 'API_KEY'
          ? { kind: auth.kind, header: auth.header }
          : { kind: auth.kind, clientId: auth.clientId },
      baseUrl: baseUrl(c.cfg.code),
    };
  };

  async function replay(id) {
    const rec = notifications.find((n) => n.id === id);
    if (!rec) throw new Error(`carrier-dcsa stand-in: no notification ${id}`);
    const c = carrierOf(rec.carrier);
    const at = new Date().toISOString();
    const answer = await post(c, NOTIFY[rec.kind].path, rec.body);
    rec.attempts.push({ at, replay: true, ...answer });
    return answer;
  }

  /** Sends any body (object or raw text) to a carrier's notification endpoint of `kind`. */
  async function notify({ carrier, kind = 'booking', body, secret, path } = {}) {
    const c = carrierOf(carrier);
    const target = path ?? NOTIFY[kind]?.path;
    if (!target)
      throw new Error(`carrier-dcsa stand-in: kind must be one of ${Object.keys(NOTIFY).join(', ')}`);
    return post(c, target, body, secret === undefined ? c.cfg.notifySecret : secret);
  }

  function reset() {
    for (const s of steps) clearTimeout(s.timer);
    steps = [];
    received = [];
    notifications = [];
    problems = [];
    for (const code of [...state.keys()]) if (!initial.some((cfg) => cfg.code === code)) state.delete(code);
    // Tokens survive a reset: a portal holding one must not see its credentials "refused".
    for (const cfg of initial) state.set(cfg.code, fresh(cfg));
  }

  const view = () =>
    Object.fromEntries(
      [...state.values()].map((c) => [
        c.cfg.code,
        {
          settings: settingsOf(c),
          bookings: [...c.bookings.values()].map((b) => ({
            booking: b.doc,
            amendedBooking: b.amended ?? undefined,
          })),
          shippingInstructions: [...c.sis.values()].map((s) => ({
            shippingInstructions: s.doc,
            updatedShippingInstructions: s.updated ?? undefined,
          })),
          transportDocuments: [...c.tds.values()].map((t) => t.doc),
          pending: pendingOf(c.cfg.code),
        },
      ]),
    );

  const receivedOf = (filter = {}) =>
    received.filter(
      (r) =>
        (!filter.carrier || r.carrier === filter.carrier) && (!filter.path || r.path.startsWith(filter.path)),
    );
  const notificationsOf = (filter = {}) =>
    notifications.filter(
      (n) => (!filter.carrier || n.carrier === filter.carrier) && (!filter.kind || n.kind === filter.kind),
    );

  async function control(req, res, url, raw) {
    const parts = url.pathname.split('/').slice(2).map(decodeURIComponent);
    const method = req.method;
    let body = {};
    if (method === 'POST' && raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 400, { error: 'body is not JSON' });
      }
    }
    const q = Object.fromEntries(url.searchParams);
    try {
      if (method === 'GET' && parts[0] === 'received') return json(res, 200, { requests: receivedOf(q) });
      if (method === 'GET' && parts[0] === 'notifications')
        return json(res, 200, { notifications: notificationsOf(q) });
      if (method === 'GET' && parts[0] === 'state') return json(res, 200, { carriers: view(), problems });
      if (method === 'POST' && parts[0] === 'carriers' && parts[1] && parts.length === 2)
        return json(res, 200, setCarrier(parts[1], body));
      if (method === 'POST' && parts[0] === 'carriers' && parts[1] && parts[2] === 'advance')
        return json(res, 200, await advance(parts[1], { all: body.all === true || q.all === 'true' }));
      if (method === 'POST' && parts[0] === 'replay' && parts[1])
        return json(res, 200, await replay(parts[1]));
      if (method === 'POST' && parts[0] === 'notify') return json(res, 200, await notify(body));
      if (method === 'POST' && parts[0] === 'reset') {
        reset();
        return json(res, 200, { ok: true });
      }
      return json(res, 404, { error: `no control ${method} ${url.pathname}` });
    } catch (e) {
      return json(res, 400, { error: e instanceof Error ? e.message : String(e) });
    }
  }
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = await readBody(req);
      if (url.pathname === '/health') return json(res, 200, { ok: true, name: 'Carrier DCSA stand-in' });
      if (url.pathname.startsWith('/_control/')) return control(req, res, url, raw);
      return carrierRequest(req, res, url, raw);
    })().catch((e) => {
      problem(e);
      if (!res.headersSent) json(res, 500, { error: 'stand-in failure', message: String(e?.message ?? e) });
      else res.end();
    });
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`;
      resolvePromise({
        url,
        baseUrl,
        received: receivedOf,
        notifications: notificationsOf,
        setCarrier,
        advance,
        replay,
        notify,
        reset,
        state: view,
        problems: () => [...problems],
        idle,
        close: () =>
          new Promise((done) => {
            for (const s of steps) clearTimeout(s.timer);
            steps = [];
            server.closeAllConnections?.();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}
