import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

/**
 * Validation of the container carriers' open DCSA formats against their published OpenAPI
 * descriptions (spec/*.yaml, copied unmodified from DCSA, Apache-2.0: see spec/LICENSE).
 *
 * The YAML is the single source of truth: no hand-copied schema that could drift from it. The
 * OpenAPI 3.0 dialect is translated to the JSON Schema draft-07 ajv understands (boolean
 * exclusiveMinimum, the `discriminator` hint, `example`), the rest is used as published.
 */

export type DcsaDocument = 'booking-2.0' | 'ebl-si-3.0' | 'ebl-td-3.0';

export const DCSA_DOCUMENTS: readonly DcsaDocument[] = ['booking-2.0', 'ebl-si-3.0', 'ebl-td-3.0'];

/** One thing wrong with a DCSA JSON: where (dotted path, `(root)` for the document) and what. */
export interface DcsaError {
  path: string;
  /** The JSON Schema keyword that failed (required, type, maxLength, enum, pattern, ...). */
  keyword: string;
  message: string;
}

interface SpecFile {
  file: string;
  /** ajv schema id under which the file's components are registered. */
  id: string;
}

const SPECS: Record<'bkg' | 'ebl', SpecFile> = {
  bkg: { file: 'BKG_v2.0.5.yaml', id: 'dcsa-bkg-2.0.5' },
  ebl: { file: 'EBL_v3.0.4.yaml', id: 'dcsa-ebl-3.0.4' },
};

const DOCUMENTS: Record<DcsaDocument, { spec: keyof typeof SPECS; schema: string }> = {
  'booking-2.0': { spec: 'bkg', schema: 'CreateBooking' },
  'ebl-si-3.0': { spec: 'ebl', schema: 'CreateShippingInstructions' },
  'ebl-td-3.0': { spec: 'ebl', schema: 'TransportDocument' },
};

/** The published version of each document's standard (for file names and docs). */
export const DCSA_VERSIONS: Record<DcsaDocument, string> = {
  'booking-2.0': 'DCSA Booking 2.0.5',
  'ebl-si-3.0': 'DCSA eBL 3.0.4 Shipping Instructions',
  'ebl-td-3.0': 'DCSA eBL 3.0.4 Transport Document',
};

const SPEC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'spec');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const openApiCache = new Map<string, JsonObject>();

function loadOpenApi(spec: keyof typeof SPECS): JsonObject {
  const { file } = SPECS[spec];
  let doc = openApiCache.get(file);
  if (!doc) {
    const parsed: unknown = parseYaml(readFileSync(path.join(SPEC_DIR, file), 'utf8'));
    if (!isObject(parsed)) throw new Error(`DCSA spec ${file} is not an OpenAPI document`);
    doc = parsed;
    openApiCache.set(file, doc);
  }
  return doc;
}

/** OpenAPI 3.0 schema object → JSON Schema draft-07 (what ajv validates). */
function toJsonSchema(node: Json, specId: string): Json {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, specId));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    // Documentation-only keywords: `example` is not JSON Schema; `discriminator` only names the
    // oneOf branch, which oneOf already decides (ajv's own discriminator refuses `mapping`).
    if (key === 'example' || key === 'discriminator') continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace('#/components/schemas/', `${specId}#/definitions/`);
      continue;
    }
    // Property names are data, not keywords: walk their schemas without treating the names.
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema, specId)]),
      );
      continue;
    }
    out[key] = toJsonSchema(value, specId);
  }
  // OpenAPI 3.0 (draft-04 style): `exclusiveMinimum: true` qualifies `minimum`.
  if (out.exclusiveMinimum === true && typeof out.minimum === 'number') {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  } else if (out.exclusiveMinimum === false) {
    delete out.exclusiveMinimum;
  }
  if (out.exclusiveMaximum === true && typeof out.maximum === 'number') {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  } else if (out.exclusiveMaximum === false) {
    delete out.exclusiveMaximum;
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
  }
  return out;
}

let ajv: Ajv | undefined;
const validators = new Map<DcsaDocument, ValidateFunction>();

function getAjv(): Ajv {
  if (!ajv) {
    // allErrors: the user gets the whole list of what is wrong, not the first problem only.
    const instance = new Ajv({ allErrors: true, strict: false });
    // ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
    const addFormats =
      (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
    addFormats(instance);
    // OpenAPI's numeric formats are storage hints, not constraints on JSON numbers.
    instance.addFormat('float', true);
    instance.addFormat('double', true);
    instance.addFormat('int32', true);
    instance.addFormat('int64', true);
    for (const spec of Object.keys(SPECS) as (keyof typeof SPECS)[]) {
      const openApi = loadOpenApi(spec);
      const components = openApi.components;
      const schemas = isObject(components) ? components.schemas : undefined;
      if (!isObject(schemas)) throw new Error(`DCSA spec ${SPECS[spec].file} has no schemas`);
      const definitions = toJsonSchema(schemas, SPECS[spec].id);
      instance.addSchema({ $id: SPECS[spec].id, definitions } as object);
    }
    ajv = instance;
  }
  return ajv;
}

function validatorFor(doc: DcsaDocument): ValidateFunction {
  let validate = validators.get(doc);
  if (!validate) {
    const { spec, schema } = DOCUMENTS[doc];
    validate = getAjv().compile({ $ref: `${SPECS[spec].id}#/definitions/${schema}` });
    validators.set(doc, validate);
  }
  return validate;
}

/** The two published descriptions: Booking 2.0 (BKG) and eBL 3.0 (EBL). */
export type DcsaStandard = 'BKG' | 'EBL';
const STANDARD_SPEC: Record<DcsaStandard, keyof typeof SPECS> = { BKG: 'bkg', EBL: 'ebl' };
const schemaValidators = new Map<string, ValidateFunction>();

/** True when the standard's description has a schema of that name (components/schemas). */
export function hasDcsaSchema(standard: DcsaStandard, schema: string): boolean {
  const components = loadOpenApi(STANDARD_SPEC[standard]).components;
  const schemas = isObject(components) ? components.schemas : undefined;
  return isObject(schemas) && isObject(schemas[schema]);
}

function schemaValidatorFor(standard: DcsaStandard, schema: string): ValidateFunction {
  const key = `${standard}:${schema}`;
  let validate = schemaValidators.get(key);
  if (!validate) {
    if (!hasDcsaSchema(standard, schema)) throw new Error(`DCSA ${standard} has no schema ${schema}`);
    validate = getAjv().compile({ $ref: `${SPECS[STANDARD_SPEC[standard]].id}#/definitions/${schema}` });
    schemaValidators.set(key, validate);
  }
  return validate;
}

/** `/a/0/b` → `a[0].b` (how a clerk reads a place in the document). */
function readablePath(pointer: string, extra?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out || '(root)';
}

function toError(e: ErrorObject): DcsaError {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required' && typeof params.missingProperty === 'string') {
    return {
      path: readablePath(e.instancePath, params.missingProperty),
      keyword: e.keyword,
      message: 'is required',
    };
  }
  if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return {
      path: readablePath(e.instancePath, params.additionalProperty),
      keyword: e.keyword,
      message: 'is not a field of this document',
    };
  }
  if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return {
      path: readablePath(e.instancePath),
      keyword: e.keyword,
      message: `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`,
    };
  }
  return { path: readablePath(e.instancePath), keyword: e.keyword, message: e.message ?? 'is invalid' };
}

/** At most this many errors are returned: enough to fix a document, not a wall of text. */
export const DCSA_MAX_ERRORS = 100;

/**
 * Validates `json` (already parsed) as the given DCSA document. Returns the list of what is
 * wrong, empty when the document is valid. Never throws for bad input.
 */
export function validateDcsa(doc: DcsaDocument, json: unknown): DcsaError[] {
  return collectErrors(validatorFor(doc), json);
}

/**
 * Validates `json` against any schema of a standard's description by name (`CreateBooking`, `UpdateBooking`,
 * `CancelBookingRequest`, `BookingNotification`, `CreateBookingResponse`, `ApproveTransportDocument`, ...):
 * what the carrier connection sends and receives. The list of what is wrong, empty when valid.
 */
export function validateDcsaSchema(standard: DcsaStandard, schema: string, json: unknown): DcsaError[] {
  return collectErrors(schemaValidatorFor(standard, schema), json);
}

function collectErrors(validate: ValidateFunction, json: unknown): DcsaError[] {
  if (validate(json)) return [];
  const seen = new Set<string>();
  const errors: DcsaError[] = [];
  for (const e of validate.errors ?? []) {
    const err = toError(e);
    const key = `${err.path}\u0000${err.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(err);
    if (errors.length >= DCSA_MAX_ERRORS) break;
  }
  return errors;
}

/** Validates text that should be a DCSA JSON document: a parse error is one error at the root. */
export function validateDcsaText(doc: DcsaDocument, text: string): { value: unknown; errors: DcsaError[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      value: undefined,
      errors: [
        {
          path: '(root)',
          keyword: 'json',
          message: `is not JSON: ${e instanceof Error ? e.message : String(e)}`,
        },
      ],
    };
  }
  return { value, errors: validateDcsa(doc, value) };
}

/**
 * The examples the DCSA publication gives for a document (request or response bodies whose
 * schema is the document's), by example name. Used as test fixtures and as a reference when
 * mapping our records.
 */
export function dcsaExamples(doc: DcsaDocument): { name: string; value: unknown }[] {
  const { spec, schema } = DOCUMENTS[doc];
  const target = `#/components/schemas/${schema}`;
  const out: { name: string; value: unknown }[] = [];
  const seen = new Set<string>();
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (!isObject(node)) return;
    const s = node.schema;
    if (isObject(s) && s.$ref === target && isObject(node.examples)) {
      for (const [name, ex] of Object.entries(node.examples)) {
        if (isObject(ex) && ex.value !== undefined && !seen.has(name)) {
          seen.add(name);
          out.push({ name, value: ex.value });
        }
      }
    }
    for (const v of Object.values(node)) visit(v);
  };
  visit(loadOpenApi(spec).paths ?? null);
  return out;
}
