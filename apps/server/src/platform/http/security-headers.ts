import type { IncomingMessage } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** A Host header we are willing to repeat in a header (host name or [IPv6], optional port). */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The WebSocket origin of the page's own host (ws: and wss:), for the notification socket. Browsers
 * following CSP 3 already let 'self' cover it; older ones need it spelled out.
 */
const sameHostSockets = (req: IncomingMessage) => {
  const host = req.headers.host ?? '';
  return SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

/**
 * Content-Security-Policy for every answer (the web app, the API, the API docs):
 * - scripts only from this origin, never inline or eval; no plugins (object-src 'none'); base-uri and
 *   form-action this origin; nobody may frame the portal (frame-ancestors 'none');
 * - style-src 'self' 'unsafe-inline': antd's CSS-in-JS writes <style> elements at run time. Nonces
 *   would need every index.html answer rewritten per request and the nonce handed to antd; inline CSS
 *   cannot run script, and with scripts, connections and images held to this origin what it could
 *   leak is small;
 * - img-src data: and blob: for pasted remark images and previews, font-src data: for inlined fonts,
 *   frame-src blob: for the house-document PDF preview, connect-src this origin and its WebSocket;
 * - upgrade-insecure-requests only when the public address is https, or a plain-http install would break.
 * Also nosniff, Referrer-Policy same-origin, X-Frame-Options DENY, and HSTS (180 days) behind a proxy
 * (TRUST_PROXY) or with an https public address; browsers ignore HSTS on plain http anyway.
 *
 * The headers are helmet's, worked out once at start: @fastify/helmet rebuilt the whole helmet middleware
 * (option checks, every CSP directive parsed and validated) on every request: ~4% of the server's busy time
 * in the list and search bench. Only connect-src depends on the request (its Host), so helmet's answer for a placeholder
 * host becomes a template, and a Host that is not safe to repeat gets helmet's own answer for such a host.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { trustProxy: unknown; mail: { publicBaseUrl: string } },
) {
  const options = helmetOptions(config);
  const [safe, unsafe] = await Promise.all([
    helmetHeaders(options, PLACEHOLDER_HOST),
    helmetHeaders(options, 'not a host'),
  ]);
  // The headers for each Host seen (an instance answers to a handful of names): the template filled in and
  // the Host checked once, not on every request. Bounded: a client inventing Host headers only refills it.
  const byHost = new Map<string, [string, string][]>();
  const headersFor = (host: string) => {
    let list = byHost.get(host);
    if (list) return list;
    if (!SAFE_HOST.test(host)) return unsafe;
    list = safe.map(([name, value]): [string, string] => [name, value.replaceAll(PLACEHOLDER_HOST, host)]);
    if (byHost.size >= MAX_HOSTS) byHost.clear();
    byHost.set(host, list);
    return list;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headersFor(request.headers.host ?? '')) res.setHeader(name, value);
    done();
  });
}

/** How many Host headers' answers an instance keeps worked out. */
const MAX_HOSTS = 100;

/** A host that passes SAFE_HOST and appears nowhere else in the headers (the template's hole). */
const PLACEHOLDER_HOST = 'portal-host-placeholder.invalid:1';

/**
 * The headers helmet sets on an answer to a request with this Host header: one
 * request to a throw-away Fastify with the same plugin and options (read before anything else sets one).
 * Names come lower-cased (HTTP header names are case-insensitive; Fastify's own are lower-case too).
 */
async function helmetHeaders(options: FastifyHelmetOptions, host: string): Promise<[string, string][]> {
  const probe = Fastify();
  let headers: [string, string][] = [];
  await probe.register(helmet, options);
  probe.get('/', async (_request, reply) => {
    headers = reply.raw.getHeaderNames().map((name) => [name, String(reply.raw.getHeader(name))]);
    return '';
  });
  try {
    const res = await probe.inject({ method: 'GET', url: '/', headers: { host } });
    if (res.statusCode !== 200 || !headers.length)
      throw new Error(`security headers: probe answered ${res.statusCode}`);
  } finally {
    await probe.close();
  }
  return headers;
}

/** @fastify/helmet's options for this configuration (exported for the test that compares with the plugin). */
export function helmetOptions(config: {
  trustProxy: unknown;
  mail: { publicBaseUrl: string };
}): FastifyHelmetOptions {
  const https = config.mail.publicBaseUrl.startsWith('https://');
  const hsts = https || config.trustProxy !== false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", (req) => sameHostSockets(req)],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: hsts ? { maxAge: 180 * 24 * 3600, includeSubDomains: true } : false,
  };
}
