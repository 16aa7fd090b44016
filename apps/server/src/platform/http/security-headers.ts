import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { trustProxy: unknown; mail: { publicBaseUrl: string } },
) {
  const https = config.mail.publicBaseUrl.startsWith('https://');
  const hsts = https || config.trustProxy !== false;
  await app.register(helmet, {
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
  });
}
