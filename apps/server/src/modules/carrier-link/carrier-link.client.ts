import http from 'node:http';
import https from 'node:https';
import type { AppConfig } from '../../config';
import { networkFailureSummary } from '../../platform/http/network-failure';
import { PublicAddressError, PublicAddressPolicy, pinnedLookup } from '../../platform/http/public-address';
import type { ConnectionRow } from './carrier-link.repository';
import { decryptSecret } from './carrier-link.secrets';

/**
 * The portal's HTTP client of a carrier's DCSA API (docs/carrier-link.md "Requests"): OAuth2 client
 * credentials (token cached per connection version until shortly before it expires) or an API key header;
 * the `API-Version` header (major) and an `Idempotency-Key` on every write. The host is resolved and checked
 * against the public-address rule on every call (CARRIER_LINK_ALLOW_PRIVATE lets the demo's 127.0.0.1 in) and
 * the request connects to exactly the checked address. No redirects are followed.
 */
export const carrierAddressPolicy = new PublicAddressPolicy();

/** The carrier could not be reached or answered in a way that says nothing (retry later). */
export class CarrierUnreachable extends Error {}
/** The carrier refused the portal's credentials (token endpoint or the API answered 401/403). */
export class CarrierCredentialsRefused extends Error {}

export interface CarrierAnswer {
  status: number;
  text: string;
  json: unknown;
}

const MAX_ANSWER = 5_000_000;

/** One HTTP exchange with a checked host. */
async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<CarrierAnswer> {
  let target: Awaited<ReturnType<PublicAddressPolicy['resolve']>>;
  try {
    target = await carrierAddressPolicy.resolve(url);
  } catch (e) {
    if (e instanceof PublicAddressError) throw new CarrierUnreachable(e.message);
    throw e;
  }
  return new Promise<CarrierAnswer>((resolve, reject) => {
    const request = target.url.protocol === 'https:' ? https.request : http.request;
    const req = request(
      target.url,
      {
        method,
        lookup: pinnedLookup(target) as never,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          accept: 'application/json',
          'user-agent': 'FreightPortal-DCSA/1',
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER) {
            req.destroy(new Error('answer too large'));
            return;
          }
          chunks.push(c);
        });
        res.on('error', (e) => reject(new CarrierUnreachable(summary(e))));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    req.on('error', (e) => reject(new CarrierUnreachable(summary(e))));
    req.end(body);
  });
}

/** A short summary of a network failure (our words, never the remote's). */
function summary(e: unknown): string {
  const known = networkFailureSummary(e, { abortIsTimeout: true });
  if (known) return known;
  if (e instanceof Error && e.message === 'answer too large') return 'answer too large';
  return 'connection failed';
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

const tokenKey = (c: ConnectionRow) => `${c.id}:${c.version}`;

async function oauthToken(config: AppConfig, c: ConnectionRow, secret: string): Promise<string> {
  const cached = tokens.get(tokenKey(c));
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  if (!c.token_url || !c.client_id) throw new CarrierCredentialsRefused('no token URL or client id');
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: c.client_id,
    client_secret: secret,
  }).toString();
  const basic = Buffer.from(`${encodeURIComponent(c.client_id)}:${encodeURIComponent(secret)}`).toString(
    'base64',
  );
  const answer = await send(
    c.token_url,
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    form,
    config.carrierLink.timeoutMs,
  );
  if (answer.status === 400 || answer.status === 401 || answer.status === 403)
    throw new CarrierCredentialsRefused(`token refused (HTTP ${answer.status})`);
  const j = answer.json as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (answer.status < 200 || answer.status >= 300 || typeof j?.access_token !== 'string')
    throw new CarrierUnreachable(
      answer.status >= 200 && answer.status < 300
        ? 'token answer is not OAuth2'
        : `token endpoint HTTP ${answer.status}`,
    );
  const seconds = typeof j.expires_in === 'number' && j.expires_in > 0 ? j.expires_in : 300;
  // Replaced a little before the carrier would refuse it.
  tokens.set(tokenKey(c), {
    token: j.access_token,
    expiresAt: Date.now() + Math.max(1, seconds - 30) * 1000,
  });
  return j.access_token;
}

/** Forgets a connection's cached token (the carrier refused it: the next call asks for a new one). */
export const forgetToken = (c: ConnectionRow) => tokens.delete(tokenKey(c));

/** The `API-Version` header of a call: the major version of the standard the path belongs to. */
const apiVersionOf = (path: string) => (path.startsWith('/v3/') ? '3' : '2');

/**
 * Calls the carrier: `{base_url}{path}` with the connection's authentication. With OAuth2 a 401 answer to a
 * cached token is retried once with a new token. Throws CarrierUnreachable (network, timeout, address) and
 * CarrierCredentialsRefused (no usable secret, token refused, 401/403 with a fresh token or the API key).
 */
export async function callCarrier(
  config: AppConfig,
  c: ConnectionRow,
  req: { method: string; path: string; body?: unknown; idempotencyKey?: string },
): Promise<CarrierAnswer> {
  const secret = decryptSecret(config, c.secret_enc);
  if (!secret) throw new CarrierCredentialsRefused('no readable secret stored: save the connection again');
  const url = `${c.base_url.replace(/\/+$/, '')}${req.path}`;
  const body = req.body === undefined ? undefined : JSON.stringify(req.body);
  const headers: Record<string, string> = {
    'api-version': apiVersionOf(req.path),
    ...(req.idempotencyKey && { 'idempotency-key': req.idempotencyKey }),
  };
  if (c.auth_kind === 'API_KEY') {
    const answer = await send(
      url,
      req.method,
      { ...headers, [(c.api_key_header || 'x-api-key').toLowerCase()]: secret },
      body,
      config.carrierLink.timeoutMs,
    );
    if (answer.status === 401 || answer.status === 403)
      throw new CarrierCredentialsRefused(`API key refused (HTTP ${answer.status})`);
    return answer;
  }
  for (let attempt = 0; ; attempt++) {
    const hadToken = tokens.has(tokenKey(c));
    const token = await oauthToken(config, c, secret);
    const answer = await send(
      url,
      req.method,
      { ...headers, authorization: `Bearer ${token}` },
      body,
      config.carrierLink.timeoutMs,
    );
    if (answer.status !== 401 && answer.status !== 403) return answer;
    forgetToken(c);
    if (!hadToken || attempt > 0)
      throw new CarrierCredentialsRefused(`access refused (HTTP ${answer.status})`);
  }
}

/**
 * The carrier's words from a DCSA ErrorResponse (errors[].errorCodeMessage, else statusCodeMessage/Text), at
 * most 500 characters; a body that is not the shape gives "HTTP <status>".
 */
export function carrierErrorText(answer: CarrierAnswer): string {
  const j = answer.json as
    | {
        statusCodeText?: unknown;
        statusCodeMessage?: unknown;
        errors?: { errorCodeMessage?: unknown; property?: unknown }[];
      }
    | undefined;
  const parts: string[] = [];
  if (Array.isArray(j?.errors))
    for (const e of j.errors)
      if (typeof e?.errorCodeMessage === 'string')
        parts.push(
          typeof e.property === 'string' ? `${e.property}: ${e.errorCodeMessage}` : e.errorCodeMessage,
        );
  if (!parts.length && typeof j?.statusCodeMessage === 'string') parts.push(j.statusCodeMessage);
  if (!parts.length && typeof j?.statusCodeText === 'string') parts.push(j.statusCodeText);
  const text = parts.length ? `HTTP ${answer.status}: ${parts.join('; ')}` : `HTTP ${answer.status}`;
  return text.slice(0, 500);
}
