import { describe, expect, it } from 'vitest';
import { SWEEP_OVERLAP_MS, sweepBound, sweepFrom, sweepWatermark } from './sweep-watermark';

describe('sweep watermarks', () => {
  it('reads from the watermark less the overlap, or from the start', () => {
    expect(sweepFrom('2026-11-27T10:00:00.000Z')).toBe('2026-11-27T09:58:00.000Z');
    expect(sweepFrom('2026-11-27 10:00:00.123456+00')).toBe('2026-11-27T09:58:00.123Z');
    expect(sweepFrom(null)).toBe('1970-01-01T00:00:00.000Z');
    expect(SWEEP_OVERLAP_MS).toBe(120_000);
  });

  it('reads strictly after the last row of a full batch, else from the overlap before the watermark', () => {
    expect(sweepBound('2026-11-27 10:00:00.123456+00', 42)).toEqual({
      at: '2026-11-27 10:00:00.123456+00',
      id: 42,
    });
    expect(sweepBound('2026-11-27T10:00:00.000Z', null)).toEqual({ at: '2026-11-27T09:58:00.000Z', id: 0 });
    expect(sweepBound(null, null)).toEqual({ at: '1970-01-01T00:00:00.000Z', id: 0 });
  });

  it('moves to when the sweep began after a batch that was not full', () => {
    const began = '2026-11-27 10:05:00.5+00';
    const rows = [{ at: '2026-11-27 10:01:00+00', id: 7 }];
    expect(sweepWatermark(began, rows, 5000)).toEqual({ at: began, afterId: null });
    expect(sweepWatermark(began, [], 5000)).toEqual({ at: began, afterId: null });
  });

  it('continues after the last row of a full batch older than the overlap, whatever rows share its time', () => {
    const began = '2026-11-27 10:05:00.5+00';
    const at = '2026-11-27 10:01:00.123456+00';
    const rows = [
      { at, id: 3 },
      { at, id: 9 },
    ];
    expect(sweepWatermark(began, rows, 2)).toEqual({ at, afterId: 9 });
  });

  it('reads a full batch reaching into the overlap again from the overlap, before its last row', () => {
    const began = '2026-11-27 10:05:00+00';
    const rows = [
      { at: '2026-11-27 10:02:00+00', id: 3 },
      { at: '2026-11-27 10:03:00.000001+00', id: 4 },
    ];
    // The second row may have a sibling committed after the sweep read: the next one reads from 10:03 again.
    expect(sweepWatermark(began, rows, 2)).toEqual({ at: began, afterId: null });
    expect(sweepBound(began, null).at <= '2026-11-27T10:03:00.000Z').toBe(true);
    // Exactly the overlap before the start counts as within it.
    expect(sweepWatermark(began, [{ at: '2026-11-27 10:03:00+00', id: 5 }], 1)).toEqual({
      at: began,
      afterId: null,
    });
  });
});
