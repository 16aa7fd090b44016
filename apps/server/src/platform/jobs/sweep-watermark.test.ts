import { describe, expect, it } from 'vitest';
import { SWEEP_OVERLAP_MS, sweepFrom, sweepWatermark } from './sweep-watermark';

describe('sweep watermarks', () => {
  it('reads from the watermark less the overlap, or from the start', () => {
    expect(sweepFrom('2026-11-27T10:00:00.000Z')).toBe('2026-11-27T09:58:00.000Z');
    expect(sweepFrom('2026-11-27 10:00:00.123456+00')).toBe('2026-11-27T09:58:00.123Z');
    expect(sweepFrom(null)).toBe('1970-01-01T00:00:00.000Z');
    expect(SWEEP_OVERLAP_MS).toBe(120_000);
  });

  it('moves to when the sweep began after a batch that was not full, to its last row after a full one', () => {
    const began = '2026-11-27 10:05:00.5+00';
    const last = '2026-11-27 10:01:00+00';
    expect(sweepWatermark(began, 3, 5000, last)).toBe(began);
    expect(sweepWatermark(began, 0, 5000, undefined)).toBe(began);
    expect(sweepWatermark(began, 5000, 5000, last)).toBe(last);
  });
});
