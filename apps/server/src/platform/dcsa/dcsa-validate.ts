import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { AppError } from '../errors/app-error';
import {
  createDcsaAjv,
  type DcsaSourceFingerprint,
  type DcsaStandard,
  GENERATED_FILES,
  isObject,
  type Json,
  loadOpenApi,
  openApiSchemas,
  schemaRef,
  specFingerprint,
} from './dcsa-spec.js';

export type { DcsaStandard } from './dcsa-spec.js';

/**
 * Validation of the container carriers' open DCSA formats against their published OpenAPI
 * descriptions (spec/*.yaml, copied unmodified from DCSA, Apache-2.0: see spec/LICENSE).
 *
 * The YAML is the single source of truth: no hand-copied schema that could drift from it. The
 * OpenAPI 3.0 dialect is translated to the JSON Schema draft-07 ajv understands (dcsa-spec.ts), the rest is used
 * as published. The validators of the schemas the portal uses are generated ahead of time from it
 * (generated/*.cjs, dcsa-generate.ts): nothing is compiled on a request; any other schema is compiled on its
 * first use.
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

const DOCUMENTS: Record<DcsaDocument, { standard: DcsaStandard; schema: string }> = {
  'booking-2.0': { standard: 'BKG', schema: 'CreateBooking' },
  'ebl-si-3.0': { standard: 'EBL', schema: 'CreateShippingInstructions' },
  'ebl-td-3.0': { standard: 'EBL', schema: 'TransportDocument' },
};

/** The published version of each document's standard (for file names and docs). */
export const DCSA_VERSIONS: Record<DcsaDocument, string> = {
  'booking-2.0': 'DCSA Booking 2.0.5',
  'ebl-si-3.0': 'DCSA eBL 3.0.4 Shipping Instructions',
  'ebl-td-3.0': 'DCSA eBL 3.0.4 Transport Document',
};

/** True when the standard's description has a schema of that name (components/schemas). */
export function hasDcsaSchema(standard: DcsaStandard, schema: string): boolean {
  return isObject(openApiSchemas(standard)[schema]);
}

// ---------------------------------------------------------------------------------------------------------
// Validators: generated ahead of time, else compiled on first use

const requireCjs = createRequire(import.meta.url);
type GeneratedModule = Record<string, unknown>;
const generatedModules = new Map<DcsaStandard, GeneratedModule | null>();

/**
 * Loads a generated file (CommonJS, as ajv writes it) if it was made from the YAML and ajv of now; else answers
 * why not. Parsing the file is all it costs (tens of ms): nothing is compiled.
 */
export function loadGeneratedValidators(
  file: string,
  now: DcsaSourceFingerprint,
): { module: GeneratedModule } | { why: string } {
  try {
    const loaded = requireCjs(file) as GeneratedModule;
    const made = loaded.__source as Partial<DcsaSourceFingerprint> | undefined;
    if (made?.spec === now.spec && made.sha256 === now.sha256 && made.ajv === now.ajv)
      return { module: loaded };
    return { why: `made from ${JSON.stringify(made)}, now ${JSON.stringify(now)}` };
  } catch (e) {
    return { why: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * A standard's generated validators, loaded on first use (nothing at server start), or null when the file is
 * missing or stale: then its schemas are compiled on first use, with a warning once (npm run dcsa:generate).
 */
function generatedModule(standard: DcsaStandard): GeneratedModule | null {
  if (generatedModules.has(standard)) return generatedModules.get(standard) ?? null;
  const loaded = loadGeneratedValidators(GENERATED_FILES[standard], specFingerprint(standard));
  const mod = 'module' in loaded ? loaded.module : null;
  if ('why' in loaded)
    process.emitWarning(
      `DCSA ${standard} validators are compiled at run time (npm run dcsa:generate): ${loaded.why}`,
      'DcsaValidatorsWarning',
    );
  generatedModules.set(standard, mod);
  return mod;
}

/** The generated validator of a schema, if there is a current one. */
export function generatedDcsaValidator(standard: DcsaStandard, schema: string): ValidateFunction | undefined {
  const mod = generatedModule(standard);
  const fn = mod && Object.hasOwn(mod, schema) ? mod[schema] : undefined;
  return typeof fn === 'function' ? (fn as ValidateFunction) : undefined;
}

let ajv: Ajv | undefined;

/** Compiles a schema's validator now (the fallback; the generator compiles the same `{ $ref }`). */
export function compileDcsaValidator(standard: DcsaStandard, schema: string): ValidateFunction {
  if (!hasDcsaSchema(standard, schema)) throw new Error(`DCSA ${standard} has no schema ${schema}`);
  ajv ??= createDcsaAjv();
  return ajv.compile({ $ref: schemaRef(standard, schema) });
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(standard: DcsaStandard, schema: string): ValidateFunction {
  const key = `${standard}:${schema}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = generatedDcsaValidator(standard, schema) ?? compileDcsaValidator(standard, schema);
    validators.set(key, validate);
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
  const { standard, schema } = DOCUMENTS[doc];
  return collectErrors(validatorFor(standard, schema), json);
}

/**
 * Validates `json` against any schema of a standard's description by name (`CreateBooking`, `UpdateBooking`,
 * `CancelBookingRequest`, `BookingNotification`, `CreateBookingResponse`, `ApproveTransportDocument`, ...):
 * what the carrier connection sends and receives. The list of what is wrong, empty when valid.
 */
export function validateDcsaSchema(standard: DcsaStandard, schema: string, json: unknown): DcsaError[] {
  return collectErrors(validatorFor(standard, schema), json);
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
  const { standard, schema } = DOCUMENTS[doc];
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
  visit(loadOpenApi(standard).paths ?? null);
  return out;
}

/**
 * The 422 answer to a DCSA document that fails its schema, nothing changed: `msgKey` with the count, and each
 * problem on its JSON path with the validator's words (`params.message`) and keyword. One shape for every module
 * that writes or reads a DCSA document (the web shows `field: message`).
 */
export function dcsaRefusal(errors: DcsaError[], msgKey: string): AppError {
  return new AppError(422, msgKey, {
    params: { count: errors.length },
    details: errors.map((e) => ({
      field: e.path,
      msgKey,
      params: { count: errors.length, message: e.message, keyword: e.keyword },
    })),
  });
}
