import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { GENERATED_MAX_BYTES, generateDcsaValidatorsCode } from './dcsa-generate.js';
import { type DcsaStandard, GENERATED_FILES, PRECOMPILED_SCHEMAS, specFingerprint } from './dcsa-spec.js';
import {
  compileDcsaValidator,
  generatedDcsaValidator,
  loadGeneratedValidators,
  validateDcsaSchema,
} from './dcsa-validate.js';
import { DCSA_DOCUMENTS, dcsaExamples } from './index.js';

// The validators generated ahead of time (generated/*.cjs, issue 42) are the ones in use, are what the generator
// makes from today's YAML, and answer exactly what a validator compiled at run time answers.

const STANDARDS = Object.keys(PRECOMPILED_SCHEMAS) as DcsaStandard[];

/** Deterministic pseudo-random mutations of a document: fields dropped, replaced by odd values, added. */
function mutations(doc: unknown, count: number, seed: number): unknown[] {
  let state = seed;
  const rnd = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const odd: unknown[] = [null, 0, -1, 1.5, '', 'x'.repeat(600), 'XYZ', true, [], {}, '2024-13-45', [1, 2]];
  const pick = () => odd[Math.floor(rnd() * odd.length)];
  const mutate = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map((x) => (rnd() < 0.3 ? mutate(x) : x));
    if (typeof v === 'object' && v !== null) {
      const c: Record<string, unknown> = { ...v };
      for (const k of Object.keys(c)) {
        const r = rnd();
        if (r < 0.08) delete c[k];
        else if (r < 0.16) c[k] = pick();
        else if (r < 0.5) c[k] = mutate(c[k]);
      }
      if (rnd() < 0.1) c.notADcsaField = pick();
      return c;
    }
    return rnd() < 0.5 ? pick() : v;
  };
  return Array.from({ length: count }, () => mutate(doc));
}

/** Every published example, a few mutations of each, dcsa-validate.test.ts's wrong booking, and non-documents. */
function samples(): unknown[] {
  const out: unknown[] = [null, {}, [], 'text', 1];
  let seed = 1;
  for (const doc of DCSA_DOCUMENTS)
    for (const ex of dcsaExamples(doc)) out.push(ex.value, ...mutations(ex.value, 8, seed++));
  const wrong = structuredClone(dcsaExamples('booking-2.0')[0]?.value) as {
    receiptTypeAtOrigin: string;
    requestedEquipments: { ISOEquipmentCode: string; units: unknown }[];
  };
  wrong.receiptTypeAtOrigin = 'XYZ';
  Object.assign(wrong.requestedEquipments[0] ?? {}, { units: 'two', ISOEquipmentCode: '' });
  out.push(wrong);
  return out;
}

const run = (validate: ValidateFunction, json: unknown) => ({
  valid: validate(json),
  errors: structuredClone(validate.errors ?? null),
});

describe('DCSA validators generated ahead of time', () => {
  it('are the generator output of today (else: npm run dcsa:generate)', () => {
    for (const standard of STANDARDS) {
      const fresh = generateDcsaValidatorsCode(standard);
      const file = readFileSync(GENERATED_FILES[standard], 'utf8');
      // Not toEqual on 0.5-0.9 MB: a diff of that size helps nobody; the command does.
      expect(file === fresh, `${GENERATED_FILES[standard]} is stale: run npm run dcsa:generate`).toBe(true);
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(GENERATED_MAX_BYTES);
    }
  }, 300_000);

  it('are current and serve every listed schema (no compile on a request)', () => {
    for (const standard of STANDARDS) {
      const loaded = loadGeneratedValidators(GENERATED_FILES[standard], specFingerprint(standard));
      expect('module' in loaded ? 'current' : loaded.why).toBe('current');
      for (const schema of PRECOMPILED_SCHEMAS[standard])
        expect(typeof generatedDcsaValidator(standard, schema), `${standard} ${schema}`).toBe('function');
    }
  });

  it('are not used when made from another YAML or ajv', () => {
    const now = specFingerprint('BKG');
    const stale = loadGeneratedValidators(GENERATED_FILES.BKG, { ...now, sha256: '0'.repeat(64) });
    expect(stale).toEqual({ why: expect.stringContaining('made from') });
    expect(loadGeneratedValidators(GENERATED_FILES.BKG, { ...now, ajv: '0.0.0' })).toHaveProperty('why');
    expect(loadGeneratedValidators('/nonexistent/dcsa.cjs', now)).toHaveProperty('why');
  });

  it('answer the same errors as the validators compiled at run time', () => {
    const all = samples();
    let invalid = 0;
    for (const standard of STANDARDS)
      for (const schema of PRECOMPILED_SCHEMAS[standard]) {
        const generated = generatedDcsaValidator(standard, schema);
        if (!generated) throw new Error(`${standard} ${schema} not generated`);
        const compiled = compileDcsaValidator(standard, schema);
        for (const [i, json] of all.entries()) {
          const a = run(generated, json);
          expect(a, `${standard} ${schema} sample ${i}`).toEqual(run(compiled, json));
          if (!a.valid) invalid++;
        }
      }
    // Both kinds of answer were compared: the published examples pass, most mutations and foreign kinds do not.
    expect(invalid).toBeGreaterThan(all.length);
    expect(invalid).toBeLessThan(all.length * 17);
  }, 300_000);

  it('check formats with ajv-formats (required by the generated code)', () => {
    const booking = structuredClone(dcsaExamples('booking-2.0')[0]?.value) as Record<string, unknown>;
    booking.expectedDepartureDate = '2024-13-45';
    const generated = generatedDcsaValidator('BKG', 'CreateBooking');
    if (!generated) throw new Error('CreateBooking not generated');
    expect(run(generated, booking).errors).toContainEqual(
      expect.objectContaining({ keyword: 'format', instancePath: '/expectedDepartureDate' }),
    );
    expect(validateDcsaSchema('BKG', 'CreateBooking', booking)).toEqual([
      { path: 'expectedDepartureDate', keyword: 'format', message: 'must match format "date"' },
    ]);
    booking.expectedDepartureDate = '2024-02-29';
    expect(validateDcsaSchema('BKG', 'CreateBooking', booking)).toEqual([]);
  });

  it('leave any other schema to the compile on first use', () => {
    expect(PRECOMPILED_SCHEMAS.BKG).not.toContain('Location');
    expect(generatedDcsaValidator('BKG', 'Location')).toBeUndefined();
    expect(validateDcsaSchema('BKG', 'Location', 'text')).toEqual([
      { path: '(root)', keyword: 'type', message: 'must be object' },
    ]);
    expect(() => validateDcsaSchema('BKG', 'NoSuchSchema', {})).toThrow(
      'DCSA BKG has no schema NoSuchSchema',
    );
  });
});
