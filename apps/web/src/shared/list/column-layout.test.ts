import { describe, expect, it } from 'vitest';
import {
  columnWidth,
  DEFAULT_VISIBLE_WIDTH,
  defaultLayout,
  isAtColumnLimit,
  type LayoutColumn,
  moveColumn,
  normalizeLayout,
  resizeColumn,
  setColumnHidden,
  visibleKeys,
} from './column-layout';

const cols: LayoutColumn[] = [
  { key: 'code', alwaysVisible: true, width: 110 },
  { key: 'name' },
  { key: 'alliance', defaultHidden: true },
  { key: 'status' },
];
const many = (n: number): LayoutColumn[] => Array.from({ length: n }, (_, i) => ({ key: `c${i}` }));
/** A stored layout showing every column (past the default width). */
const allShown = (c: LayoutColumn[]) => ({ version: 1, order: c.map((x) => x.key), hidden: [], widths: {} });

describe('column layout', () => {
  it('starts with the declared order and default-hidden columns hidden', () => {
    const l = defaultLayout(cols);
    expect(l.order).toEqual(['code', 'name', 'alliance', 'status']);
    expect(visibleKeys(l)).toEqual(['code', 'name', 'status']);
    expect(columnWidth(l, cols[0])).toBe(110);
    expect(columnWidth(l, cols[1])).toBe(100);
  });

  it('shows at most 30 columns', () => {
    const l = normalizeLayout(allShown(many(35)), many(35));
    expect(visibleKeys(l)).toHaveLength(30);
    expect(isAtColumnLimit(l)).toBe(true);
    expect(setColumnHidden(l, 'c33', false)).toBe(l);
    const fewer = setColumnHidden(l, 'c0', true);
    expect(visibleKeys(setColumnHidden(fewer, 'c33', false))).toHaveLength(30);
  });

  it('moves a column to where another one is', () => {
    const l = moveColumn(defaultLayout(cols), 'status', 'name');
    expect(l.order).toEqual(['code', 'status', 'name', 'alliance']);
    expect(moveColumn(l, 'nope', 'name')).toBe(l);
  });

  it('keeps widths between 50 and 1000 px', () => {
    const l = resizeColumn(resizeColumn(defaultLayout(cols), 'name', 10), 'status', 5000);
    expect(l.widths).toEqual({ name: 50, status: 1000 });
  });

  it('never hides a column that must stay visible', () => {
    const l = defaultLayout(cols);
    expect(normalizeLayout({ ...l, hidden: ['code', 'name'] }, cols).hidden).toEqual(['name']);
  });

  it('repairs a stored layout after the columns changed', () => {
    const stored = {
      version: 1,
      order: ['status', 'gone', 'code', 'alliance'],
      hidden: ['status'],
      widths: { gone: 300, code: 'x', alliance: 220 },
    };
    const l = normalizeLayout(stored, cols);
    // 'name' is new to this stored layout: it joins after 'code', where it was declared, and is shown.
    expect(l.order).toEqual(['status', 'code', 'name', 'alliance']);
    expect(l.hidden).toEqual(['status']);
    expect(l.widths).toEqual({ alliance: 220 });
  });

  it('starts with only the leading columns that fit a 1440 px window; the rest start hidden', () => {
    const wide: LayoutColumn[] = [
      { key: 'so_no', kind: 'code' },
      { key: 'shipper', kind: 'name' },
      { key: 'consignee', kind: 'name' },
      { key: 'note', kind: 'text', defaultHidden: true },
      { key: 'pol', kind: 'port' },
      { key: 'etd', kind: 'date' },
      { key: 'vessel', kind: 'name' },
      { key: 'carrier', kind: 'code' },
      { key: 'updated_at', kind: 'datetime' },
      { key: 'pod', kind: 'port' },
      { key: 'copy', kind: 'action', alwaysVisible: true },
    ];
    const l = defaultLayout(wide);
    // 90 (copy) + 130 + 220 + 220 + 80 + 110 + 220 = 1070; the carrier's 130 no longer fits, nor what follows.
    expect(visibleKeys(l)).toEqual(['so_no', 'shipper', 'consignee', 'pol', 'etd', 'vessel', 'copy']);
    const shown = visibleKeys(l).reduce((sum, k) => sum + columnWidth(l, wide.find((c) => c.key === k)!), 0);
    expect(shown).toBeLessThanOrEqual(DEFAULT_VISIBLE_WIDTH);
    expect(columnWidth(l, wide[8])).toBe(160);
    // A layout the user keeps (or a saved view) is not trimmed.
    expect(visibleKeys(normalizeLayout(allShown(wide), wide))).toHaveLength(wide.length);
  });

  it('falls back to the default for rubbish in storage', () => {
    expect(normalizeLayout('nonsense', cols)).toEqual(defaultLayout(cols));
    expect(normalizeLayout({ order: 5 }, cols)).toEqual(defaultLayout(cols));
  });
});
