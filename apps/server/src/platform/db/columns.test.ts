import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isoMoment } from './columns';

/** PostgreSQL's ISO text of a moment at `offset` minutes east, with `micros` digits of fraction (0 to 6). */
function pgText(ms: number, micros: string, offset: number): string {
  const local = new Date(ms + offset * 60_000).toISOString();
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = Math.abs(offset) % 60;
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${micros ? `.${micros}` : ''}${sign}${hh}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`;
}

describe('isoMoment', () => {
  test.prop([
    fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
    fc.stringMatching(/^\d{0,6}$/),
    fc.constantFrom(0, 0, 480, -300, 330),
  ])('answers what new Date(text).toISOString() does for PostgreSQL text', (ms, micros, offset) => {
    const text = pgText(Math.floor(ms / 1000) * 1000, micros, offset);
    expect(isoMoment(text)).toBe(new Date(text).toISOString());
  });

  it('reads a UTC moment by its text, to the millisecond', () => {
    expect(isoMoment('2026-11-28 12:00:19.123456+00')).toBe('2026-11-28T12:00:19.123Z');
    expect(isoMoment('2026-11-28 12:00:19+00')).toBe('2026-11-28T12:00:19.000Z');
    expect(isoMoment('2026-11-28 20:00:19.5+08')).toBe('2026-11-28T12:00:19.500Z');
  });
});
