// Mobile site stand-in: a tiny local imitation of the company's mobile site (another system) for
// development and tests only. The portal reaches it solely through its adapter
// (apps/server/src/modules/mobile/mobile-site.adapter.ts) at MOBILE_SITE_URL; it is never part of the
// product's code paths.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** The SO numbers of the portal's default SO rule: 'SO' + office code + YYMM + 5 digits (SOHKG261100001). */
export const DEFAULT_SO_PATTERN = /^SO[A-Z]{3}\d{9}$/;
/** How long a hand-off token may wait for its first (and only) use. */
export const TOKEN_TTL_MS = 5 * 60 * 1000;

const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
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
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${esc(title)}</title><style>body{font:16px system-ui,sans-serif;margin:1.5rem;max-width:32rem}` +
      `dt{color:#666;font-size:.85rem}dd{margin:0 0 .75rem;font-weight:600}</style></head>` +
      `<body><h1>${esc(title)}</h1>${body}<p><small>Mobile site stand-in (development and tests only)</small></p></body></html>`,
  );
};

function readJson(req, limit = 10_000) {
  return new Promise((resolve) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      raw += chunk;
      if (raw.length > limit) req.destroy();
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(raw || '{}'));
      } catch {
        resolve(null);
      }
    });
    req.on('error', () => resolve(null));
  });
}

/**
 * Starts the stand-in. The mobile site knows shipments (SO numbers with their master SO number):
 * those registered with `POST /api/shipments {so_no, master_so_no?}` or given in `shipments`, and, when
 * `soPattern` is set (the default for `main.mjs`), any SO number matching it with master_so_no = so_no.
 *
 * - `GET /api/shipments/:so_no` → 200 `{ so_no, master_so_no }` or 404 `{ error: 'not_found' }`.
 * - `POST /api/tokens {user_uid, login_id?, name?}` → 201 `{ token, expires_at }`: a one-time token.
 * - `GET /?soNo=&token=&row_no=` → the shipment page when the token is valid (it is then used up), else 401.
 * - `GET /health` → 200.
 * With `apiKey` set, the /api calls need the header `x-api-key: <apiKey>` (401 otherwise).
 * Port 0 picks a free port. Resolves to `{ url, close(), register(soNo, masterSoNo?), tokensIssued() }`.
 */
export function startMobileStandIn({
  port = 0,
  host = '127.0.0.1',
  apiKey = '',
  soPattern = null,
  shipments = [],
} = {}) {
  const known = new Map(shipments.map((s) => [s.so_no, s.master_so_no ?? s.so_no]));
  const tokens = new Map();
  let issued = 0;
  const lookup = (soNo) => {
    if (known.has(soNo)) return known.get(soNo);
    return soPattern?.test(soNo) ? soNo : null;
  };
  /** The page is opened with the SO number or its master SO number (the portal may pass either). */
  const lookupPage = (soNo) => lookup(soNo) ?? ([...known.values()].includes(soNo) ? soNo : null);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/health')
      return send(res, 200, { ok: true, name: 'Mobile site stand-in' });

    if (url.pathname.startsWith('/api/')) {
      if (apiKey && req.headers['x-api-key'] !== apiKey) return send(res, 401, { error: 'unauthorized' });
      const so = /^\/api\/shipments\/([^/]{1,40})$/.exec(url.pathname);
      if (req.method === 'GET' && so) {
        const soNo = decodeURIComponent(so[1]);
        const master = lookup(soNo);
        return master
          ? send(res, 200, { so_no: soNo, master_so_no: master })
          : send(res, 404, { error: 'not_found' });
      }
      if (req.method === 'POST' && url.pathname === '/api/shipments') {
        const body = await readJson(req);
        const soNo = typeof body?.so_no === 'string' ? body.so_no.trim() : '';
        if (!soNo || soNo.length > 40) return send(res, 400, { error: 'bad_request' });
        const master =
          typeof body.master_so_no === 'string' && body.master_so_no.trim() ? body.master_so_no.trim() : soNo;
        known.set(soNo, master);
        return send(res, 201, { so_no: soNo, master_so_no: master });
      }
      if (req.method === 'POST' && url.pathname === '/api/tokens') {
        const body = await readJson(req);
        const userUid = typeof body?.user_uid === 'string' ? body.user_uid : '';
        if (!/^[0-9a-f-]{36}$/i.test(userUid)) return send(res, 400, { error: 'bad_request' });
        const token = randomBytes(24).toString('base64url');
        const expires = Date.now() + TOKEN_TTL_MS;
        tokens.set(token, {
          userUid,
          login: String(body.login_id ?? ''),
          name: String(body.name ?? ''),
          expires,
        });
        issued += 1;
        return send(res, 201, { token, expires_at: new Date(expires).toISOString() });
      }
      return send(res, 404, { error: 'not_found' });
    }

    if (req.method === 'GET' && url.pathname === '/') {
      const soNo = url.searchParams.get('soNo') ?? '';
      const rowNo = url.searchParams.get('row_no') ?? '';
      const token = url.searchParams.get('token') ?? '';
      const held = tokens.get(token);
      tokens.delete(token);
      if (!held || held.expires < Date.now()) {
        return page(
          res,
          401,
          'Link expired',
          '<p data-testid="mobile-invalid-token">This link is invalid or was already used. Open the shipment again from the portal.</p>',
        );
      }
      const master = lookupPage(soNo);
      if (!master)
        return page(
          res,
          404,
          'Shipment not found',
          `<p data-testid="mobile-so-missing">SO ${esc(soNo)} is not on the mobile site.</p>`,
        );
      return page(
        res,
        200,
        `Shipment ${soNo}`,
        `<dl data-testid="mobile-shipment"><dt>SO#</dt><dd data-testid="mobile-so-no">${esc(soNo)}</dd>` +
          `<dt>Master SO#</dt><dd data-testid="mobile-master-so-no">${esc(master)}</dd>` +
          `<dt>Row</dt><dd data-testid="mobile-row-no">${esc(rowNo || '-')}</dd>` +
          `<dt>Signed in as</dt><dd data-testid="mobile-user">${esc(held.name || held.login || held.userUid)}</dd></dl>`,
      );
    }
    return send(res, 404, { error: 'not_found' });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`,
        register: (soNo, masterSoNo) => known.set(soNo, masterSoNo ?? soNo),
        tokensIssued: () => issued,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}
