// Carrier DCSA stand-in: a local imitation of container carriers' DCSA APIs (provider side of Booking 2.0.5 and
// eBL 3.0.4) for development and tests only. The portal reaches it solely through its carrier-link module at a
// configured carrier base URL; this folder is never imported by the product. See README.md.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { bookingFlows } from './booking.mjs';
import { clean, Fault, fault, sleep, truncate } from './common.mjs';
import { assertValid, SPECS, validateAgainst } from './dcsa-schemas.mjs';
import { eblFlows } from './ebl.mjs';
import {
  authorized,
  carrierConfig,
  errorResponse,
  json,
  MODES,
  mask,
  NOTIFY,
  ROUTES,
  readBody,
  send,
  tokenEndpoint,
} from './http.mjs';

export {
  CARRIER_CLAUSE,
  DEFAULT_SAILING,
  DEMO_CARRIER_CODE,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_NOTIFY_SECRET,
} from './common.mjs';
export { openApiToJsonSchema, project, SPECS, validateAgainst } from './dcsa-schemas.mjs';

export const DEFAULT_PORT = 9195;

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

  const { findBooking, createBooking, updateBooking, cancelBooking } = bookingFlows({
    emit,
    schedule,
    cancelSteps,
  });
  const { findSi, createSi, updateSi, cancelSi, approveTd } = eblFlows({ emit, schedule, cancelSteps });

  // ---------------------------------------------------------------------------------------------------------
  // HTTP: the carriers' DCSA endpoints

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

  const NONSENSE = {
    POST: { status: 202, body: { status: 'ACCEPTED', reference: null, message: 'Request queued' } },
    GET: { status: 200, body: { result: 'OK', items: [], bookingStatus: 42 } },
    other: { status: 200, html: '<html><body><h1>Service moved</h1></body></html>' },
  };

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
