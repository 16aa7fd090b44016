// The HTTP pieces of the carrier DCSA stand-in (development and tests only): carrier settings, the routes and
// their schemas, DCSA's error answer, the OAuth2 token endpoint and the credential check.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  clean,
  DEFAULT_SAILING,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  STATUS_TEXT,
  truncate,
} from './common.mjs';
import { assertValid } from './dcsa-schemas.mjs';

export const NOTIFY = {
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

export const MODES = ['normal', 'decline', 'down', 'nonsense'];

export function readBody(req, limit = 5_000_000) {
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
export function carrierConfig(o) {
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

export function errorResponse(spec, method, requestUri, status, errors) {
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

export const ROUTES = [
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

/** What a carrier in 'nonsense' mode answers: 2xx, but not what the standard describes. */

export function send(res, entry, status, body, headers = {}) {
  entry.status = status;
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function tokenEndpoint(c, req, raw, res, entry) {
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

export function authorized(c, req) {
  const a = c.cfg.auth;
  if (a.kind === 'API_KEY') return req.headers[a.header] === a.key;
  const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  const expires = bearer ? c.tokens.get(bearer) : undefined;
  return expires !== undefined && expires > Date.now();
}

export const mask = (v) => (typeof v === 'string' ? v.replace(/^(\w+\s+)?(.{0,4}).*$/s, '$1$2…') : undefined);

export const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};
