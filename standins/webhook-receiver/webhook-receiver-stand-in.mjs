// Webhook receiver stand-in: a tiny local imitation of a customer's system that receives the portal's
// webhooks, for development and tests only. It records every POST it gets (headers, raw body, whether the
// signature matched a known secret) and answers as its path asks. Never part of the product's code paths.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};
const esc = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** True when `header` is `sha256=` + hex HMAC-SHA256 of `raw` keyed with `secret` (constant-time compare). */
export function signatureMatches(secret, raw, header) {
  const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const got = String(header ?? '');
  return got.length === expected.length && timingSafeEqual(Buffer.from(got), Buffer.from(expected));
}

/**
 * Starts the receiver. Paths of a POST:
 * - `/status/<code>[/…]` answers that HTTP status (e.g. /status/500 always fails);
 * - `/flaky/<n>/<key>` fails (503) the first n POSTs to that path, then answers 200;
 * - anything else answers 200 `{ ok: true }`.
 * Every POST is recorded: `GET /received[?path=/prefix]` lists them (oldest first) with
 * `{ path, headers, body (raw text), json, signature_ok, status, received_at }`; `DELETE /received` clears.
 * `secrets` (or `POST /secrets {secret}`) are the keys the signature is checked against.
 * `GET /` shows the last 50 as a page; `GET /health` answers ok.
 */
export async function startWebhookReceiver({ port = 9193, host = '127.0.0.1', secrets = [] } = {}) {
  const received = [];
  const known = new Set(secrets);
  const flaky = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > 1_000_000) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { ok: true });
      if (req.method === 'GET' && url.pathname === '/received') {
        const prefix = url.searchParams.get('path');
        return json(res, 200, prefix ? received.filter((r) => r.path.startsWith(prefix)) : received);
      }
      if (req.method === 'DELETE' && url.pathname === '/received') {
        received.length = 0;
        return json(res, 200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/secrets') {
        try {
          known.add(String(JSON.parse(raw).secret));
          return json(res, 200, { ok: true });
        } catch {
          return json(res, 400, { error: 'bad_json' });
        }
      }
      if (req.method === 'GET' && url.pathname === '/') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        });
        return res.end(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Webhook receiver stand-in</title>` +
            `<body style="font:14px system-ui;margin:1.5rem"><h1>Webhook receiver stand-in</h1>` +
            `<p>${received.length} received (development and tests only)</p><ol>` +
            received
              .slice(-50)
              .reverse()
              .map(
                (r) =>
                  `<li><code>${esc(r.received_at)} ${esc(r.path)} ${esc(r.headers['x-portal-event'] ?? '')} → ${r.status}` +
                  ` signature ${r.signature_ok === null ? 'not checked' : r.signature_ok ? 'ok' : 'WRONG'}</code>` +
                  `<pre>${esc(r.body)}</pre></li>`,
              )
              .join('') +
            `</ol></body></html>`,
        );
      }
      if (req.method !== 'POST') return json(res, 404, { error: 'not_found' });
      let status = 200;
      const m = /^\/status\/(\d{3})(?:\/|$)/.exec(url.pathname);
      const f = /^\/flaky\/(\d+)\//.exec(url.pathname);
      if (m) status = Number(m[1]);
      else if (f) {
        const seen = (flaky.get(url.pathname) ?? 0) + 1;
        flaky.set(url.pathname, seen);
        status = seen <= Number(f[1]) ? 503 : 200;
      }
      let parsed = null;
      try {
        parsed = JSON.parse(raw);
      } catch {}
      const sig = req.headers['x-portal-signature'];
      received.push({
        path: url.pathname,
        headers: req.headers,
        body: raw,
        json: parsed,
        signature_ok: known.size ? [...known].some((s) => signatureMatches(s, raw, sig)) : null,
        status,
        received_at: new Date().toISOString(),
      });
      json(res, status, status < 300 ? { ok: true } : { error: `stand-in answered ${status}` });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    received: () => received.slice(),
    addSecret: (s) => known.add(s),
    clear: () => {
      received.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
