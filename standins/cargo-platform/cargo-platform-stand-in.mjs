// Cargo platform stand-in: a tiny local imitation of the cargo platform (another company's rate and schedule
// marketplace the forwarder subscribes to) for development and tests only. The portal reaches it solely
// through its adapter (apps/server/src/modules/cargo-platform/cargo-platform.adapter.ts) at
// CARGO_PLATFORM_URL; it is never part of the product's code paths.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** The demo client credentials (main.mjs and the e2e setup use them unless told otherwise). */
export const DEMO_CLIENT_ID = 'portal-demo';
export const DEMO_CLIENT_SECRET = 'Cargo-Demo-Secret-2026';
/** Lifetime of an issued access token unless `ttlSeconds` says otherwise. */
export const DEFAULT_TTL_SECONDS = 3600;

const json = (res, status, body, extra = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra });
  res.end(JSON.stringify(body));
};
const esc = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const page = (res, status, title, body) => {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${esc(title)}</title><style>body{font:16px system-ui,sans-serif;margin:1.5rem;max-width:36rem}` +
      `dt{color:#666;font-size:.85rem}dd{margin:0 0 .75rem;font-weight:600}</style></head>` +
      `<body><h1>${esc(title)}</h1>${body}<p><small>Cargo platform stand-in (development and tests only)</small></p></body></html>`,
  );
};

function readBody(req, limit = 10_000) {
  return new Promise((resolve) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      raw += chunk;
      if (raw.length > limit) req.destroy();
    });
    req.on('end', () => resolve(raw));
    req.on('error', () => resolve(''));
  });
}

/** The token request's fields: form-encoded (OAuth 2.0) or JSON; client id and secret also from HTTP Basic. */
function tokenRequest(req, raw) {
  let fields = {};
  if (String(req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      fields = JSON.parse(raw || '{}') ?? {};
    } catch {
      fields = {};
    }
  } else {
    fields = Object.fromEntries(new URLSearchParams(raw));
  }
  const basic = /^Basic\s+(.+)$/i.exec(String(req.headers.authorization ?? ''));
  if (basic) {
    const [id, ...secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    fields.client_id = decodeURIComponent(id ?? '');
    fields.client_secret = decodeURIComponent(secret.join(':'));
  }
  return fields;
}

/**
 * Starts the stand-in.
 *
 * - `POST /oauth/token` (OAuth 2.0 client credentials; `application/x-www-form-urlencoded` or JSON):
 *   `grant_type=client_credentials`, `client_id`, `client_secret` (or HTTP Basic), and the portal user the
 *   token acts for: `subject` (login id) and `subject_name`. → 200 `{ access_token, token_type: 'Bearer',
 *   expires_in, scope }`; 401 `{ error: 'invalid_client' }`; 400 `{ error: 'unsupported_grant_type' |
 *   'invalid_request' }`.
 * - `GET /api/me` with `Authorization: Bearer <token>` → 200 `{ client_id, subject, subject_name, expires_at }`
 *   (the protected call: echoes the caller), 401 otherwise.
 * - `GET /?access_token=<token>` → a small HTML landing page naming the caller, 401 page otherwise.
 * - `GET /health` → 200.
 * Port 0 picks a free port. Resolves to `{ url, close(), tokensIssued(), setTtl(seconds), setDown(bool) }`;
 * `setDown(true)` makes the token endpoint answer 503 (a platform that is up but failing).
 */
export function startCargoPlatformStandIn({
  port = 0,
  host = '127.0.0.1',
  clientId = DEMO_CLIENT_ID,
  clientSecret = DEMO_CLIENT_SECRET,
  ttlSeconds = DEFAULT_TTL_SECONDS,
} = {}) {
  const tokens = new Map();
  let issued = 0;
  let ttl = ttlSeconds;
  let down = false;
  const holder = (token) => {
    const held = token ? tokens.get(token) : undefined;
    if (!held) return null;
    if (held.expires < Date.now()) {
      tokens.delete(token);
      return null;
    }
    return held;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/health')
      return json(res, 200, { ok: true, name: 'Cargo platform stand-in' });

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const fields = tokenRequest(req, await readBody(req));
      if (down) return json(res, 503, { error: 'temporarily_unavailable' });
      if (fields.client_id !== clientId || fields.client_secret !== clientSecret)
        return json(res, 401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic realm="cargo"' });
      if (fields.grant_type !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type' });
      const subject = typeof fields.subject === 'string' ? fields.subject.trim() : '';
      if (!subject || subject.length > 254) return json(res, 400, { error: 'invalid_request' });
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, {
        subject,
        name: String(fields.subject_name ?? '').slice(0, 200),
        expires: Date.now() + ttl * 1000,
      });
      issued += 1;
      return json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: ttl,
        scope: 'rates schedules',
      });
    }

    if (req.method === 'GET' && url.pathname === '/api/me') {
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
      const held = holder(bearer?.[1]);
      if (!held) return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer' });
      return json(res, 200, {
        client_id: clientId,
        subject: held.subject,
        subject_name: held.name,
        expires_at: new Date(held.expires).toISOString(),
      });
    }

    if (req.method === 'GET' && url.pathname === '/') {
      const held = holder(url.searchParams.get('access_token') ?? '');
      if (!held)
        return page(
          res,
          401,
          'Session expired',
          '<p data-testid="cargo-invalid-token">This link is invalid or has expired. Open the cargo platform again from the portal.</p>',
        );
      return page(
        res,
        200,
        'Cargo platform',
        `<p>Rates and schedules marketplace.</p><dl data-testid="cargo-caller">` +
          `<dt>Signed in as</dt><dd data-testid="cargo-user">${esc(held.name || held.subject)}</dd>` +
          `<dt>Login</dt><dd data-testid="cargo-subject">${esc(held.subject)}</dd>` +
          `<dt>Forwarder</dt><dd data-testid="cargo-client">${esc(clientId)}</dd>` +
          `<dt>Access until</dt><dd data-testid="cargo-expires">${esc(new Date(held.expires).toISOString())}</dd></dl>`,
      );
    }
    return json(res, 404, { error: 'not_found' });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`,
        tokensIssued: () => issued,
        setTtl: (seconds) => {
          ttl = seconds;
        },
        setDown: (value) => {
          down = value;
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}
