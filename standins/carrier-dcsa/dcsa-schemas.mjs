// The DCSA schemas of the carrier stand-in: the published OpenAPI descriptions (BKG 2.0.5, eBL 3.0.4, the same
// files the portal reads) translated to JSON Schema draft-07 here, independently of the portal's own validator
// (apps/server/src/platform/dcsa/dcsa-validate.ts), so the stand-in checks the portal rather than agreeing with
// it by construction. Development and tests only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

/** Where the published YAMLs live (relative to this file). */
export const SPEC_DIR = fileURLToPath(new URL('../../apps/server/src/platform/dcsa/spec/', import.meta.url));

/** The two standards: the file, the full version (answered in the API-Version header) and the URI major. */
export const SPECS = {
  BKG: { file: 'BKG_v2.0.5.yaml', version: '2.0.5', major: '2' },
  EBL: { file: 'EBL_v3.0.4.yaml', version: '3.0.4', major: '3' },
};

const Ajv = AjvModule.default ?? AjvModule;
const addFormats = addFormatsModule.default ?? addFormatsModule;

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** OpenAPI keywords that only document: not JSON Schema, dropped before ajv sees them. */
const DOCUMENTATION_ONLY = new Set(['example', 'examples', 'discriminator', 'xml', 'externalDocs']);

/**
 * One OpenAPI 3.0 schema object → JSON Schema draft-07. `$ref: '#/components/schemas/X'` → `#/definitions/X`;
 * `exclusiveMinimum/Maximum: true` (draft-04 style, qualifying minimum/maximum) → the draft-07 number form;
 * `nullable: true` → null admitted; documentation keywords dropped. Property names are data: walked, never read
 * as keywords.
 */
export function openApiToJsonSchema(node) {
  if (Array.isArray(node)) return node.map(openApiToJsonSchema);
  if (!isObject(node)) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (DOCUMENTATION_ONLY.has(key) || key === 'nullable') continue;
    if (key === '$ref') {
      const m = /^#\/components\/schemas\/(.+)$/.exec(String(value));
      if (!m) throw new Error(`carrier-dcsa stand-in: unsupported $ref ${value}`);
      out.$ref = `#/definitions/${m[1]}`;
    } else if (key === 'properties' && isObject(value)) {
      out.properties = {};
      for (const [name, schema] of Object.entries(value)) out.properties[name] = openApiToJsonSchema(schema);
    } else {
      out[key] = openApiToJsonSchema(value);
    }
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ]) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined && out.$ref) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const loaded = new Map();

/** The parsed YAML and the translated schemas of one standard ('BKG' | 'EBL'). */
export function specOf(spec) {
  let entry = loaded.get(spec);
  if (entry) return entry;
  const meta = SPECS[spec];
  if (!meta) throw new Error(`carrier-dcsa stand-in: unknown spec ${spec}`);
  const openApi = parseYaml(readFileSync(`${SPEC_DIR}${meta.file}`, 'utf8'));
  const definitions = openApiToJsonSchema(openApi.components.schemas);
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // OpenAPI's numeric formats say how a number is stored, not which JSON numbers are valid.
  for (const f of ['int32', 'int64', 'float', 'double']) ajv.addFormat(f, true);
  const id = `urn:carrier-dcsa-stand-in:${spec}`;
  ajv.addSchema({ $id: id, definitions });
  entry = { spec, meta, openApi, definitions, ajv, id, validators: new Map() };
  loaded.set(spec, entry);
  return entry;
}

function validatorOf(spec, schemaName) {
  const s = specOf(spec);
  let v = s.validators.get(schemaName);
  if (!v) {
    if (!s.definitions[schemaName])
      throw new Error(`carrier-dcsa stand-in: ${spec} has no schema ${schemaName}`);
    v = s.ajv.compile({ $ref: `${s.id}#/definitions/${schemaName}` });
    s.validators.set(schemaName, v);
  }
  return v;
}

/** `/a/0/b` → `$.a[0].b` (JSONPath, as DCSA's DetailedError.jsonPath names a place). */
function jsonPath(pointer, extra) {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts.reduce((out, p) => (/^\d+$/.test(p) ? `${out}[${p}]` : `${out}.${p}`), '$');
}

/**
 * Validates `value` against schema `schemaName` of `spec` ('BKG' | 'EBL'). Returns what is wrong (empty when
 * valid): `{ jsonPath, property, keyword, message }` each, at most 100, duplicates dropped.
 */
export function validateAgainst(spec, schemaName, value) {
  const validate = validatorOf(spec, schemaName);
  if (validate(value)) return [];
  const out = [];
  const seen = new Set();
  for (const e of validate.errors ?? []) {
    const p = e.params ?? {};
    const extra =
      e.keyword === 'required'
        ? p.missingProperty
        : e.keyword === 'additionalProperties'
          ? p.additionalProperty
          : undefined;
    const path = jsonPath(e.instancePath, extra);
    const message =
      e.keyword === 'required'
        ? 'is required'
        : e.keyword === 'enum'
          ? `must be one of ${(p.allowedValues ?? []).join(', ')}`
          : (e.message ?? 'is invalid');
    const key = `${path} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const property = /([^.[\]]+)(?:\[\d+\])*$/.exec(path)?.[1];
    out.push({
      jsonPath: path,
      property: property === '$' ? undefined : property,
      keyword: e.keyword,
      message,
    });
    if (out.length >= 100) break;
  }
  return out;
}

/** Throws when `value` is not valid: what the stand-in itself sends must be valid (a failure is its own bug). */
export function assertValid(spec, schemaName, value, what) {
  const errors = validateAgainst(spec, schemaName, value);
  if (errors.length)
    throw new Error(
      `carrier-dcsa stand-in bug: ${what} is not a valid ${spec} ${schemaName}: ` +
        errors
          .slice(0, 10)
          .map((e) => `${e.jsonPath} ${e.message}`)
          .join('; '),
    );
  return value;
}

function resolve(spec, schema) {
  let s = schema;
  for (let i = 0; i < 20 && isObject(s) && s.$ref; i++) s = specOf(spec).definitions[s.$ref.split('/').pop()];
  return s;
}

/** The properties a schema names, its allOf/oneOf/anyOf branches included (first branch wins a name). */
function propertiesOf(spec, schema) {
  const s = resolve(spec, schema);
  if (!isObject(s)) return undefined;
  let props;
  const add = (more) => {
    if (!more) return;
    props ??= {};
    for (const [k, v] of Object.entries(more)) if (!(k in props)) props[k] = v;
  };
  if (isObject(s.properties)) add(s.properties);
  for (const key of ['allOf', 'oneOf', 'anyOf'])
    if (Array.isArray(s[key])) for (const branch of s[key]) add(propertiesOf(spec, branch));
  return props;
}

/**
 * `value` reduced to what schema `schemaName` names (recursively): how the carrier turns one document into
 * another (a booking request into its Booking, shipping instructions into a draft Transport Document).
 */
export function project(spec, schemaName, value) {
  const walk = (schema, v) => {
    const s = resolve(spec, schema);
    if (Array.isArray(v)) return isObject(s) && s.items ? v.map((x) => walk(s.items, x)) : v;
    if (!isObject(v)) return v;
    const props = propertiesOf(spec, s);
    if (!props) return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) if (k in props) out[k] = walk(props[k], x);
    return out;
  };
  return walk({ $ref: `#/definitions/${schemaName}` }, value);
}
