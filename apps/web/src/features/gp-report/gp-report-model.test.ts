import type { TGpRow } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { drillOf, gpChartModel, gpFilterOf, patchedParams, reportNameOf } from './gp-report-model';

const row = (keys: Record<string, string>, gp: string) => ({ keys, gp }) as unknown as TGpRow;

describe('GP report filters and drill-down', () => {
  it('takes the report from the route, GPReport for anything else', () => {
    expect(reportNameOf('/INV/GPReport2')).toBe('GPReport2');
    expect(reportNameOf('/INV/GPReport2/')).toBe('GPReport2');
    expect(reportNameOf('/INV/Nope')).toBe('GPReport');
  });

  it('starts on the default period and every basis; the address overrides', () => {
    const period = { from: '2026-01', to: '2026-10' };
    expect(gpFilterOf(new URLSearchParams(''), period)).toEqual({ ...period, basis: 'all' });
    expect(gpFilterOf(new URLSearchParams('from=2026-05&office=HKG&basis=posted&x=1'), period)).toEqual({
      from: '2026-05',
      to: '2026-10',
      office: 'HKG',
      basis: 'posted',
    });
  });

  it('sets a changed filter in the address and takes an emptied one off, keeping the rest', () => {
    const next = patchedParams(new URLSearchParams('office=HKG&mode=SEA'), { office: '', customer: 'C1' });
    expect(next.toString()).toBe('mode=SEA&customer=C1');
  });

  it("narrows the filters by a figure's keys and names it by them", () => {
    expect(drillOf({ from: '2026-01', office: 'HKG' }, { month: '2026-03', office: 'SZX' }, 'Total')).toEqual(
      {
        at: { from: '2026-01', month: '2026-03', office: 'SZX' },
        label: '2026-03 · SZX',
      },
    );
  });

  it("asks for the jobs without a salesman with '-', and names the totals row", () => {
    expect(drillOf({}, { salesman: '' }, 'Total')).toEqual({ at: { salesman: '-' }, label: 'Total' });
    expect(drillOf({}, {}, 'Total').label).toBe('Total');
  });
});

describe('GP chart', () => {
  it('adds the GP of rows with the same first key into one bar when there is one dim', () => {
    const m = gpChartModel(
      [row({ month: '01' }, '10.5'), row({ month: '02' }, '3'), row({ month: '01' }, '1')],
      ['month'],
      8,
    );
    expect(m.series).toEqual(['gp']);
    expect(m.data).toEqual([
      { name: '01', values: { gp: 11.5 } },
      { name: '02', values: { gp: 3 } },
    ]);
  });

  it("stacks by the second dim's values, at most maxSeries of them in the order they appear", () => {
    const rows = [
      row({ month: '01', office: 'HKG' }, '5'),
      row({ month: '01', office: 'SZX' }, '2'),
      row({ month: '02', office: 'SHA' }, '4'),
      row({ month: '02', office: 'HKG' }, '1'),
    ];
    const m = gpChartModel(rows, ['month', 'office'], 2);
    expect(m.series).toEqual(['HKG', 'SZX']);
    expect(m.data).toEqual([
      { name: '01', values: { HKG: 5, SZX: 2 } },
      { name: '02', values: { HKG: 1 } },
    ]);
  });
});
