import { MSG } from '@portal/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSisStandIn } from '../../../../../standins/sis/sis-stand-in.mjs';
import { multipartForm, tinyPdf } from '../../../test/multipart-form';
import { bearer, createTestApp, DEMO_PASSWORD, sessionToken, type TestApp } from '../../../test/test-app';
import { type AccessEntry, API_PREFIX } from '../access/access';

/**
 * Sends hostile input to EVERY registered /api/v1 route (modules added later included) and fails on any
 * 5xx. Routes come from the access registry, their parameters and bodies from the OpenAPI document the
 * app builds from the routes' zod schemas. Each hostile value goes into an otherwise plausible request so
 * it reaches the handler and the database rather than stopping at the first schema check: NUL in free
 * text, every field at its longest allowed length and every number at its limits (a schema limit wider
 * than its column shows), 1 MB in fields without a length limit, huge numbers where no maximum is
 * declared, nulls where allowed, wrong types and wrong shapes. A variant is applied to all the leaves it
 * concerns at once; when that answers 400, each leaf is retried alone, so one field's check cannot hide
 * another field's bug. Function-id routes are called by a demo user holding the function id, signed-in
 * routes by the administrator, public routes anonymously.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
};
type Param = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const MB = 1024 * 1024;
const NUL = '\u0000';
/** The longest value tried for a field with a declared maximum length (keeps the body under its limit). */
const MAX_TRIED_LENGTH = 100_000;

/** Plausible strings for a pattern-checked field; the first one the pattern accepts is used. */
const PATTERN_SAMPLES = [
  '2026-01-15',
  '2026-01-15T10:00',
  '10:00',
  'HKHKG',
  '12345678',
  '100.00',
  '2026',
  'abc@example.com',
  '00000000-0000-0000-0000-000000000000',
  'ABC',
  '+852 1234 5678',
  'a',
  '1',
  '',
];

function sampleString(s: JsonSchema): string {
  if (s.format === 'email') return 'abc@example.com';
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (s.format === 'date') return '2026-01-15';
  if (s.format === 'date-time') return '2026-01-15T10:00:00.000Z';
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = PATTERN_SAMPLES.find((c) => re.test(c));
    if (hit !== undefined) return hit;
  }
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/** A string field that takes any text: no enum, format or pattern stops a hostile value at the schema. */
const freeText = (s: JsonSchema) =>
  !s.enum && s.const === undefined && !s.format && !s.pattern && (s.maxLength ?? 1) > 0;

type Path = (string | number)[];
/** How a variant fills one leaf (type 'nullable' asks about a leaf that accepts null); undefined keeps the sample. */
type LeafRule = (s: JsonSchema, type: string) => Json | undefined;

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);
const nullable = (s: JsonSchema) =>
  (Array.isArray(s.type) && s.type.includes('null')) ||
  !!(s.anyOf ?? s.oneOf)?.some((a) => a.type === 'null');
const pathKey = (p: Path) => p.join('.');

interface GenOptions {
  /** Apply the rule to this leaf only (its pathKey), the plausible sample elsewhere. */
  only?: string;
  /** Leave out top-level properties the schema does not require (query parameters such as a cursor). */
  requiredOnly?: boolean;
  /** Collects the leaves the rule changed. */
  changed?: string[];
}

/** A value for the schema: plausible, except where the rule says otherwise for a leaf. */
function generate(
  s: JsonSchema | undefined,
  rule: LeafRule | null,
  o: GenOptions = {},
  path: Path = [],
  depth = 0,
): Json {
  if (!s || depth > 10) return null;
  const key = pathKey(path);
  const ruled = (schema: JsonSchema, type: string) => {
    if (!rule || (o.only !== undefined && o.only !== key)) return undefined;
    const v = rule(schema, type);
    if (v !== undefined) o.changed?.push(key);
    return v;
  };
  const alt = s.anyOf ?? s.oneOf;
  if (alt) {
    const pick = alt.find((a) => a.type !== 'null') ?? alt[0];
    if (nullable(s)) {
      const v = ruled(pick, 'nullable');
      if (v !== undefined) return v;
    }
    return generate(pick, rule, o, path, depth + 1);
  }
  if (s.allOf) return generate(Object.assign({}, ...s.allOf), rule, o, path, depth + 1);
  const type = typeOf(s) ?? (s.properties ? 'object' : undefined);
  if (type === 'array') {
    const n = Math.max(1, s.minItems ?? 1);
    return Array.from({ length: n }, (_, i) => generate(s.items, rule, o, [...path, i], depth + 1));
  }
  if (type === 'object') {
    const wanted = Object.entries(s.properties ?? {}).filter(
      ([k]) => !o.requiredOnly || path.length > 0 || s.required?.includes(k) || o.only === k,
    );
    return Object.fromEntries(wanted.map(([k, v]) => [k, generate(v, rule, o, [...path, k], depth + 1)]));
  }
  const v = ruled(s, type ?? 'unknown');
  if (v !== undefined) return v;
  if (s.const !== undefined) return s.const as Json;
  if (s.enum?.length) return s.enum[0] as Json;
  if (s.default !== undefined && s.default !== null) return s.default as Json;
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    default:
      return 'x';
  }
}

const numeric = (t: string) => t === 'integer' || t === 'number';

/** The hostile values; `drill`: when the schema refuses them all at once, retry each leaf alone. */
const VARIANTS: { kind: string; rule: LeafRule; drill?: boolean }[] = [
  {
    kind: 'NUL in free text',
    drill: true,
    rule: (f, t) => (t === 'string' && freeText(f) ? `x${NUL}y` : undefined),
  },
  {
    kind: 'longest allowed',
    drill: true,
    rule: (f, t) => {
      if (t === 'string' && freeText(f) && f.maxLength !== undefined)
        return 'x'.repeat(Math.max(f.minLength ?? 0, Math.min(f.maxLength, MAX_TRIED_LENGTH)));
      if (numeric(t) && f.maximum !== undefined) return Math.min(f.maximum, Number.MAX_SAFE_INTEGER);
      return undefined;
    },
  },
  {
    kind: 'smallest allowed',
    drill: true,
    rule: (f, t) =>
      numeric(t)
        ? (f.minimum ?? (f.exclusiveMinimum !== undefined ? f.exclusiveMinimum + 1 : -1e20))
        : undefined,
  },
  {
    kind: 'huge numbers',
    drill: true,
    rule: (f, t) =>
      numeric(t) && f.maximum === undefined && f.exclusiveMaximum === undefined ? 1e20 : undefined,
  },
  { kind: 'fractions', drill: true, rule: (_, t) => (t === 'number' ? 0.123456789 : undefined) },
  { kind: 'nulls where allowed', drill: true, rule: (_, t) => (t === 'nullable' ? null : undefined) },
  {
    kind: '1 MB',
    drill: true,
    rule: (f, t) => (t === 'string' && freeText(f) && f.maxLength === undefined ? 'x'.repeat(MB) : undefined),
  },
  { kind: 'wrong types', rule: (_, t) => (t === 'string' ? 12345 : t === 'nullable' ? undefined : 'abc') },
];

interface Target {
  route: AccessEntry;
  path: JsonSchema | undefined;
  query: JsonSchema | undefined;
  body: JsonSchema | undefined;
}

const WHERE = ['path', 'query', 'body'] as const;
interface Input {
  kind: string;
  path?: Json;
  query?: Json;
  body?: Json;
  /** A raw JSON text instead of `body` (keys JSON.stringify cannot make). */
  raw?: string;
}

const asObject = (params: Param[]): JsonSchema | undefined =>
  params.length
    ? {
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
        required: params.filter((p) => p.required).map((p) => p.name),
      }
    : undefined;

const plausibleOf = (t: Target): Input => ({
  kind: 'plausible',
  path: generate(t.path, null),
  query: generate(t.query, null, { requiredOnly: true }),
  body: t.body && generate(t.body, null),
});

const str = (v: Json | undefined) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

function requestOf(t: Target, input: Input, token: string | null): InjectOptions {
  const params = (input.path ?? {}) as Record<string, Json>;
  const url = t.route.url.replace(/:(\w+)(\([^)]*\))?/g, (_, name: string) =>
    encodeURIComponent(str(params[name] ?? '1')),
  );
  const query = Object.fromEntries(
    Object.entries((input.query ?? {}) as Record<string, Json>)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(str) : str(v)]),
  );
  const headers: Record<string, string> = token ? bearer(token) : {};
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(t.route.method);
  if (hasBody) headers['content-type'] = 'application/json';
  return {
    method: t.route.method as InjectOptions['method'],
    url,
    query,
    headers,
    ...(hasBody ? { payload: input.raw ?? JSON.stringify(input.body ?? {}) } : {}),
  };
}

let t: TestApp;
let sis: Awaited<ReturnType<typeof startSisStandIn>>;
let targets: Target[];
/** Demo users and the function ids of their (only) profile. */
const holders: { login: string; funcs: Set<string> }[] = [];

beforeAll(async () => {
  // the SIS directory stand-in, so the SIS routes answer instead of msgRegSisUnavailable (503)
  sis = await startSisStandIn();
  t = await createTestApp({ SIS_URL: sis.url });
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
  ).swagger();
  targets = t.app.accessRegistry
    .filter((r) => r.url.startsWith(API_PREFIX) && r.method !== 'HEAD')
    .map((route) => {
      const op = doc.paths[route.url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}')]?.[route.method.toLowerCase()];
      const ps = op?.parameters ?? [];
      return {
        route,
        path: asObject(ps.filter((p) => p.in === 'path')),
        query: asObject(ps.filter((p) => p.in === 'query')),
        body: op?.requestBody?.content?.['application/json']?.schema,
      };
    });
  for (const name of ['admin', 'ops', 'shipper', 'finance', 'agent', 'consignee', 'super']) {
    const login = `${name}@demo.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/Auth/login`,
      payload: { username: login, password: DEMO_PASSWORD, language: 'en-US' },
    });
    const funcs = res.json().uac.menu_func_accesses.map((a: { func_id: string }) => a.func_id);
    holders.push({ login, funcs: new Set(funcs) });
  }
});
afterAll(async () => {
  await t?.close();
  await sis?.close();
});

/** A fresh session for each route, so a sign-out or profile change by one route cannot spoil the next. */
async function tokenFor(route: AccessEntry): Promise<string | null> {
  const access = route.access;
  if (access === 'public' || access === undefined) return null;
  const funcId = typeof access === 'object' ? access.funcId : null;
  const holder = funcId ? holders.find((h) => h.funcs.has(funcId)) : holders[0];
  return holder ? sessionToken(t, holder.login) : null;
}

describe('bad input on every route', () => {
  it('never answers 5xx to NUL bytes, long strings, extreme numbers, nulls or wrong types', async () => {
    const offenders: string[] = [];
    let sent = 0;
    // With the test app's logger off, request.log is the app's one no-op logger: catch what the error
    // handler logs so an offender names its cause.
    let lastError = '';
    const log = t.app.log as unknown as { error: (o: { err?: Error & { cause?: Error } }) => void };
    log.error = (o) => {
      lastError = o?.err?.cause?.message ?? o?.err?.message ?? '';
    };
    for (const target of targets) {
      const token = await tokenFor(target.route);
      const send = async (input: Input) => {
        lastError = '';
        const res = await t.app.inject(requestOf(target, input, token));
        sent++;
        // A 502/503 with a message key is a deliberate answer about a neighbour system (e.g. the cargo platform
        // not configured here: msgCargoPlatformNotConfigured), not a crash; a crash is a 500.
        const deliberate =
          (res.statusCode === 502 || res.statusCode === 503) &&
          typeof safeJson(res.body)?.msgKey === 'string';
        if (res.statusCode >= 500 && !deliberate) {
          const cause = lastError.replace(/\s+/g, ' ').slice(0, 160);
          offenders.push(
            `${target.route.method} ${target.route.url} [${input.kind}] → ${res.statusCode} ${cause}`,
          );
        }
        return res;
      };
      const base = plausibleOf(target);
      for (const where of WHERE) {
        const schema = target[where];
        if (!schema) continue;
        const requiredOnly = where === 'query';
        for (const v of VARIANTS) {
          const changed: string[] = [];
          const value = generate(schema, v.rule, { changed });
          if (!changed.length) continue;
          const res = await send({ ...base, kind: `${where} ${v.kind}`, [where]: value });
          // Retry each leaf alone only when the schema refused the lot: wrong types are each refused by
          // their own check, and the NUL guard refuses any NUL before anything else runs.
          const refusedBySchema = res.statusCode === 400 && res.json().msgKey === MSG.validationFailed;
          if (!refusedBySchema || !v.drill || changed.length === 1) continue;
          for (const leaf of changed) {
            const one = generate(schema, v.rule, { only: leaf, requiredOnly });
            await send({ ...base, kind: `${where} ${v.kind}: ${leaf}`, [where]: one });
          }
        }
      }
      // past the longest path parameter the router takes (and Node's 16 KB limit for a request head)
      const longPath = generate(target.path, () => 'x'.repeat(16 * 1024));
      if (target.path) await send({ ...base, kind: 'path 16 KB', path: longPath });
      if (target.query) {
        const arrays = generate(target.query, (_, type) => (type === 'nullable' ? undefined : ['1', '2']));
        await send({ ...base, kind: 'query repeated', query: arrays });
      }
      if (target.body) {
        const raw = JSON.stringify(base.body).replace(/^\{/, '{"k\\u0000":1,');
        await send({ ...base, kind: 'body NUL in a key', raw });
        const shape = Array.isArray(base.body) ? { a: 1 } : [base.body ?? null];
        await send({ ...base, kind: 'body wrong shape', body: shape });
        await send({ ...base, kind: 'body a string', body: 'x' });
      }
      // the plausible request last: it may end the session (sign-out) or change data
      await send(base);
    }
    console.log(`bad-input: ${sent} requests to ${targets.length} routes, ${offenders.length} answered 5xx`);
    expect(offenders).toEqual([]);
  }, 120_000);

  it('answers 400 msgInvalidCharacter naming the field, wherever the NUL is', async () => {
    const admin = await sessionToken(t, 'admin@demo.test');
    const cases: [InjectOptions, string][] = [
      [
        { method: 'POST', url: `${API_PREFIX}/Password/forgotpassword`, payload: { userName: 'a\u0000b' } },
        'userName',
      ],
      [{ method: 'GET', url: `${API_PREFIX}/Carrier?q=%00`, headers: bearer(admin) }, 'querystring.q'],
      [{ method: 'GET', url: `${API_PREFIX}/Booking/SO%00`, headers: bearer(admin) }, 'params.so_no'],
      [
        {
          method: 'POST',
          url: `${API_PREFIX}/Password/forgotpassword`,
          headers: { 'content-type': 'application/json' },
          payload: '{"userName":"a","o":{"a":[{"k\\u0000":1}]}}',
        },
        'o.a.0.k\\0',
      ],
    ];
    for (const [req, field] of cases) {
      const res = await t.app.inject(req);
      expect(res.statusCode, req.url as string).toBe(400);
      expect(res.json()).toEqual({
        msgKey: MSG.invalidCharacter,
        details: [{ field, msgKey: MSG.invalidCharacter }],
      });
    }
    // a multipart text field is read by the route itself, outside the JSON pipeline
    const upload = multipartForm({ document_type: 'BR\u0000' }, { name: 'a.pdf', content: tinyPdf() });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/Document/party/1`,
      headers: { ...bearer(admin), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msgKey).toBe(MSG.invalidCharacter);
  });
});

function safeJson(body: string): { msgKey?: unknown } | null {
  try {
    return JSON.parse(body) as { msgKey?: unknown };
  } catch {
    return null;
  }
}
