import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { auditValue, diffFields, diffRows, sameAuditValue } from './history';

/** Stored values of every kind a row carries: texts, codes, decimals, numbers, booleans, dates, lists, JSON. */
const plain = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('HKG', 'CNSHA', 'DKAAR', '007', '7', 'true'),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc
    .tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: 0, max: 4 }))
    .map(([n, scale]) => (n / 10 ** scale).toFixed(scale)),
  fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2040-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
);
const value = fc.oneof(
  { depthSize: 'small' },
  plain,
  fc.array(plain, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', 'b', 'c'), plain, { maxKeys: 3 }),
);
const KEYS = ['pol', 'pod', 'voyage', 'amount', 'etd', 'tags', 'meta', 'active'] as const;
const row = fc.record(
  Object.fromEntries(KEYS.map((k) => [k, value])) as Record<(typeof KEYS)[number], typeof value>,
);

/** The same stored value written another way: decimals with more zeros, numbers as texts, dates as Dates, … */
function respell(v: unknown): unknown {
  if (v === null) return undefined;
  if (v === '') return null;
  if (typeof v === 'number') return Number.isInteger(v) ? `${v}.00` : String(v);
  if (typeof v === 'string' && /^-?\d+\.\d+$/.test(v)) return `${v}0`;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T.*Z$/.test(v)) return new Date(v);
  if (Array.isArray(v)) return v.map(respell);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .reverse()
        .map(([k, x]) => [k, respell(x)]),
    );
  return v;
}

describe('diffFields (the one way history records what changed)', () => {
  test.prop([row, row], { numRuns: 500 })(
    'lists exactly the keys whose compared values differ, with the stored values old → new',
    (a, b) => {
      const changes = diffFields(a, b, KEYS);
      const differing = KEYS.filter(
        (k) => JSON.stringify(auditValue(a[k])) !== JSON.stringify(auditValue(b[k])),
      );
      expect(Object.keys(changes).sort()).toEqual([...differing].sort());
      const stored = (v: unknown): unknown =>
        v === '' || v === undefined
          ? null
          : Array.isArray(v)
            ? v.map(stored)
            : v && typeof v === 'object'
              ? Object.fromEntries(Object.entries(v).map(([x, y]) => [x, stored(y)]))
              : v;
      for (const k of differing) expect(changes[k]).toEqual({ from: stored(a[k]), to: stored(b[k]) });
      // The same keys whichever side is "before".
      expect(Object.keys(diffFields(b, a, KEYS)).sort()).toEqual([...differing].sort());
    },
  );

  test.prop([row], { numRuns: 500 })('finds no change in a value only written differently', (a) => {
    const b = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, respell(v)]));
    expect(diffFields(a, b, KEYS)).toEqual({});
  });

  test.prop([row, fc.subarray([...KEYS], { minLength: 1 })], { numRuns: 500 })(
    'finds every field given a really different value, and only those',
    (a, changed) => {
      const b: Record<string, unknown> = { ...a };
      for (const k of changed) b[k] = `${JSON.stringify(auditValue(a[k]))}!`;
      expect(Object.keys(diffFields(a, b, KEYS)).sort()).toEqual([...changed].sort());
    },
  );

  it('compares decimals by value, not their text', () => {
    expect(sameAuditValue('1.50', '1.5')).toBe(true);
    expect(sameAuditValue('1.50', 1.5)).toBe(true);
    expect(sameAuditValue('2.000', '2')).toBe(true);
    expect(sameAuditValue('-0.00', '0')).toBe(true);
    expect(sameAuditValue('1.50', '1.51')).toBe(false);
    // A code with leading zeros is a code: 007 is not 7.
    expect(sameAuditValue('007', '7')).toBe(false);
  });

  it('compares dates and timestamps by their instant', () => {
    const d = new Date('2026-03-01T02:03:04.000Z');
    expect(sameAuditValue(d, '2026-03-01T02:03:04.000Z')).toBe(true);
    expect(sameAuditValue('2026-03-01 10:03:04+08', d)).toBe(true);
    expect(sameAuditValue('2026-03-01 02:03:04.000+00:00', d)).toBe(true);
    expect(sameAuditValue('2026-03-01 02:03:04', '2026-03-01T02:03:04.000')).toBe(true);
    expect(sameAuditValue('2026-03-01', '2026-03-02')).toBe(false);
    expect(sameAuditValue(d, new Date('2026-03-01T02:03:05.000Z'))).toBe(false);
  });

  it('treats null, undefined and "" as the same empty value', () => {
    expect(diffFields({ a: null, b: '', c: undefined }, { a: '', b: undefined, c: null })).toEqual({});
    expect(diffFields({ a: null }, { a: 'x' })).toEqual({ a: { from: null, to: 'x' } });
    expect(diffFields({ a: 'x' }, { a: '' })).toEqual({ a: { from: 'x', to: null } });
  });

  it('compares lists element by element and JSON objects whatever their key order', () => {
    expect(diffFields({ l: ['a', 'b'] }, { l: ['a', 'b'] })).toEqual({});
    expect(Object.keys(diffFields({ l: ['a', 'b'] }, { l: ['b', 'a'] }))).toEqual(['l']);
    expect(diffFields({ j: { x: 1, y: '2.0' } }, { j: { y: '2', x: '1', z: null } })).toEqual({});
    expect(Object.keys(diffFields({ j: { x: 1 } }, { j: { x: 2 } }))).toEqual(['j']);
  });

  it('leaves out fields a partial update did not write, and stores Dates as ISO texts', () => {
    const before = { a: 'x', b: 'y', when: new Date('2026-01-01T00:00:00Z') };
    expect(diffFields(before, { a: 'z' }, ['a', 'b'])).toEqual({ a: { from: 'x', to: 'z' } });
    expect(diffFields(before, { when: new Date('2026-01-02T00:00:00Z') })).toEqual({
      when: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
    });
  });

  it('diffRows names a child row field by its position, and added or removed rows field by field', () => {
    const before = [{ no: 'A', seal: 'S1' }];
    const after = [
      { no: 'A', seal: 'S2' },
      { no: 'B', seal: null },
    ];
    expect(diffRows('containers', before, after, ['no', 'seal'])).toEqual({
      'containers.0.seal': { from: 'S1', to: 'S2' },
      'containers.1.no': { from: null, to: 'B' },
    });
  });
});
