import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

/**
 * The DCSA descriptions as ajv sees them: the published OpenAPI YAML (spec/*.yaml, copied unmodified from DCSA,
 * Apache-2.0: see spec/LICENSE) translated to JSON Schema, and the one ajv set-up. Both the validators generated
 * ahead of time (generated/, `npm run dcsa:generate`) and the lazy compile at run time are built from here, so
 * they cannot differ.
 */

/** The two published descriptions: Booking 2.0 (BKG) and eBL 3.0 (EBL). */
export type DcsaStandard = 'BKG' | 'EBL';

export interface SpecFile {
  file: string;
  /** ajv schema id under which the file's components are registered. */
  id: string;
}

export const SPECS: Record<DcsaStandard, SpecFile> = {
  BKG: { file: 'BKG_v2.0.5.yaml', id: 'dcsa-bkg-2.0.5' },
  EBL: { file: 'EBL_v3.0.4.yaml', id: 'dcsa-ebl-3.0.4' },
};

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SPEC_DIR = path.join(HERE, 'spec');

/**
 * The schemas whose validators are generated ahead of time (dcsa-generate.ts): what the carrier connection and the
 * documents validate. Another schema is compiled on its first use (seconds): a caller adds its schema here.
 */
export const PRECOMPILED_SCHEMAS: Record<DcsaStandard, readonly string[]> = {
  BKG: [
    'CreateBooking',
    'CreateBookingResponse',
    'UpdateBooking',
    'CancelBookingRequest',
    'Booking',
    'BookingNotification',
    'ErrorResponse',
  ],
  EBL: [
    'CreateShippingInstructions',
    'CreateShippingInstructionsResponse',
    'UpdateShippingInstructions',
    'CancelShippingInstructionsUpdate',
    'ApproveTransportDocument',
    'ShippingInstructions',
    'TransportDocument',
    'ShippingInstructionsNotification',
    'TransportDocumentNotification',
    'ErrorResponse',
  ],
};

/** The validators generated ahead of time (`npm run dcsa:generate`): one CommonJS file per standard. */
export const GENERATED_FILES: Record<DcsaStandard, string> = {
  BKG: path.join(HERE, 'generated', 'dcsa-bkg-validators.cjs'),
  EBL: path.join(HERE, 'generated', 'dcsa-ebl-validators.cjs'),
};

/**
 * What a generated file was made from: the YAML's SHA-256 and ajv's version. The file carries it (`__source`); at
 * run time a file whose fingerprint is not the current one is not used (compiled instead), so a spec or ajv update
 * without a regeneration gives slower answers, never stale ones.
 */
export interface DcsaSourceFingerprint {
  spec: string;
  sha256: string;
  ajv: string;
}

export function specFingerprint(standard: DcsaStandard): DcsaSourceFingerprint {
  const { file } = SPECS[standard];
  const sha256 = createHash('sha256')
    .update(readFileSync(path.join(SPEC_DIR, file)))
    .digest('hex');
  const ajv = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
  return { spec: file, sha256, ajv };
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const openApiCache = new Map<string, JsonObject>();

export function loadOpenApi(standard: DcsaStandard): JsonObject {
  const { file } = SPECS[standard];
  let doc = openApiCache.get(file);
  if (!doc) {
    const parsed: unknown = parseYaml(readFileSync(path.join(SPEC_DIR, file), 'utf8'));
    if (!isObject(parsed)) throw new Error(`DCSA spec ${file} is not an OpenAPI document`);
    doc = parsed;
    openApiCache.set(file, doc);
  }
  return doc;
}

/** The standard's components/schemas (the named schemas), as published. */
export function openApiSchemas(standard: DcsaStandard): JsonObject {
  const components = loadOpenApi(standard).components;
  const schemas = isObject(components) ? components.schemas : undefined;
  if (!isObject(schemas)) throw new Error(`DCSA spec ${SPECS[standard].file} has no schemas`);
  return schemas;
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
    // Annotations validate nothing and no error message uses them; left in, ajv copies them into the generated
    // code as part of the schema constants (a third of its size).
    if ((key === 'description' || key === 'title') && typeof value === 'string') continue;
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

/** The ajv id of a named schema of a standard, e.g. `dcsa-bkg-2.0.5#/definitions/CreateBooking`. */
export const schemaRef = (standard: DcsaStandard, schema: string): string =>
  `${SPECS[standard].id}#/definitions/${schema}`;

/**
 * An ajv with both descriptions registered. `source`: keep each compiled function's code, which ajv's standalone
 * code generation needs (the generator); the run-time fallback does not.
 */
export function createDcsaAjv(options: { source?: boolean } = {}): Ajv {
  // allErrors: the user gets the whole list of what is wrong, not the first problem only. inlineRefs off: a
  // referenced schema is one function called from each place, not a copy at each place (the generated code of
  // all validators is 1.5 MB instead of 3; the errors are the same).
  const instance = new Ajv({
    allErrors: true,
    strict: false,
    inlineRefs: false,
    code: { source: options.source ?? false },
  });
  // ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
  const addFormats =
    (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(instance);
  // OpenAPI's numeric formats are storage hints, not constraints on JSON numbers.
  instance.addFormat('float', true);
  instance.addFormat('double', true);
  instance.addFormat('int32', true);
  instance.addFormat('int64', true);
  for (const standard of Object.keys(SPECS) as DcsaStandard[]) {
    const definitions = toJsonSchema(openApiSchemas(standard), SPECS[standard].id);
    instance.addSchema({ $id: SPECS[standard].id, definitions } as object);
  }
  return instance;
}
