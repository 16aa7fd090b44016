import { describe, expect, it } from 'vitest';
import { fitLabel, labelWidth, xLabelLayout } from './chart';

/** The x ranges the labels take along the axis at this layout (centred or slanted from the tick). */
function overlaps(names: string[], width: number) {
  const band = width / names.length;
  const l = xLabelLayout(names, band);
  const shown = names.map((n, i) => ({ i, n: fitLabel(n, l.max) })).filter(({ i }) => i % l.every === 0);
  if (!l.angle) {
    const spans = shown.map(({ i, n }) => [
      (i + 0.5) * band - labelWidth(n) / 2,
      (i + 0.5) * band + labelWidth(n) / 2,
    ]);
    return spans.some((s, k) => k > 0 && s[0] < (spans[k - 1]?.[1] ?? 0));
  }
  // Slanted labels are parallel: they clear each other when their ticks are a line's height / sin apart.
  const gap = band * l.every;
  return gap * Math.sin((-l.angle * Math.PI) / 180) < 11;
}

describe('x axis labels do not overlap (issue 39)', () => {
  it('stay level when they fit their band', () => {
    expect(xLabelLayout(['HKG', 'SZX', 'SHA'], 200)).toMatchObject({ angle: 0, every: 1 });
    expect(overlaps(['HKG', 'SZX', 'SHA'], 600)).toBe(false);
  });

  it('slant and end in an ellipsis when long; thin out when even slanted ones have no room', () => {
    const long = Array.from({ length: 12 }, (_, i) => `Harbour Light Logistics Company Limited ${i}`);
    const l = xLabelLayout(long, 700 / 12);
    expect(l.angle).toBeLessThan(0);
    expect(l.every).toBe(1);
    expect(fitLabel(long[0] ?? '', l.max)).toMatch(/…$/);
    expect(labelWidth(fitLabel(long[0] ?? '', l.max))).toBeLessThanOrEqual(l.max);
    expect(l.bottom).toBeLessThanOrEqual(100);
    const many = Array.from({ length: 120 }, (_, i) => `2026-${String(i).padStart(3, '0')}`);
    expect(xLabelLayout(many, 700 / 120).every).toBeGreaterThan(1);
    for (const names of [long, many, ['深圳市海港物流有限公司', '香港貨運代理', '上海']])
      for (const width of [320, 700, 1200])
        expect(overlaps(names, width), `${names[0]} at ${width}`).toBe(false);
  });

  it('counts Chinese characters full width', () => {
    expect(labelWidth('香港')).toBe(22);
    expect(labelWidth('HK')).toBeCloseTo(13.2);
  });
});
