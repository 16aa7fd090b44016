import type { TRwDatasetInfo } from '@portal/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { statusWord } from '../../shared/i18n/code-words';
import codesHk from '../../shared/locales/zh-HK/codes.json';
import {
  aggFnsFor,
  chartAxes,
  chartPoints,
  definitionProblems,
  emptyForm,
  filterProblem,
  fingerprint,
  isEmail,
  moveItem,
  type RwFormValues,
  reconcile,
  resultKeys,
  toBody,
  wordCodes,
} from './report-model';

const bookings: TRwDatasetInfo = {
  key: 'bookings',
  labelKey: 'dataset.bookings',
  fields: [
    { key: 'so_no', labelKey: 'field.bookings.so_no', type: 'text', groupable: true, aggregatable: false },
    { key: 'handling_office', labelKey: 'f', type: 'text', groupable: true, aggregatable: false },
    { key: 'status', labelKey: 'f', type: 'enum', options: ['A', 'B'], groupable: true, aggregatable: false },
    { key: 'cbm', labelKey: 'f', type: 'number', groupable: false, aggregatable: true },
    { key: 'etd', labelKey: 'f', type: 'date', groupable: true, aggregatable: false },
    { key: 'is_dangerous', labelKey: 'f', type: 'boolean', groupable: true, aggregatable: false },
  ],
};
const field = (k: string) => bookings.fields.find((f) => f.key === k);
const form = (p: Partial<RwFormValues>): RwFormValues => ({ ...emptyForm(), dataset: 'bookings', ...p });

describe('report writer builder model', () => {
  it('sends only what applies: no columns in a grouped report, no value with "empty", weekday only weekly', () => {
    const body = toBody(
      form({
        name: '  Weekly by office ',
        columns: ['so_no'],
        groupBy: ['handling_office'],
        aggregates: [{ field: '*', fn: 'count' }],
        filters: [
          { field: 'cbm', op: 'empty', value: 'x' },
          { field: 'etd', op: 'between', value: '2026-01-01', value2: ' 2026-01-31 ' },
          { field: 'so_no', op: 'contains', value: ' SO1 ', value2: 'left over' },
        ],
        schedule: { frequency: 'weekly', weekday: 3, monthday: 9, hour: 8, recipients: [' Boss@Demo.test '] },
      }),
    );
    expect(body.name).toBe('Weekly by office');
    expect(body.columns).toEqual([]);
    expect(body.aggregates).toEqual([{ field: '*', fn: 'count' }]);
    expect(body.filters).toEqual([
      { field: 'cbm', op: 'empty' },
      { field: 'etd', op: 'between', value: '2026-01-01', value2: '2026-01-31' },
      { field: 'so_no', op: 'contains', value: 'SO1' },
    ]);
    expect(body.schedule).toEqual({
      frequency: 'weekly',
      weekday: 3,
      hour: 8,
      recipients: ['boss@demo.test'],
    });
    expect(body.description).toBeNull();
  });

  it('an ungrouped report sends its columns and no aggregates', () => {
    const body = toBody(form({ columns: ['so_no', 'cbm'], aggregates: [{ field: 'cbm', fn: 'sum' }] }));
    expect(body.columns).toEqual(['so_no', 'cbm']);
    expect(body.aggregates).toEqual([]);
  });

  it('tells unsaved changes by the body, not by text the server would trim', () => {
    const a = form({ name: 'A', columns: ['so_no'] });
    expect(fingerprint({ ...a, name: 'A  ' })).toBe(fingerprint(a));
    expect(fingerprint({ ...a, columns: ['cbm'] })).not.toBe(fingerprint(a));
  });

  it('result keys: groups then aggregates (count, sum_cbm) for a grouped report, the columns otherwise', () => {
    const grouped = resultKeys(
      {
        columns: [],
        groupBy: ['handling_office'],
        aggregates: [
          { field: '*', fn: 'count' },
          { field: 'cbm', fn: 'sum' },
        ],
      },
      bookings.fields,
    );
    expect(grouped.map((k) => k.key)).toEqual(['handling_office', 'count', 'sum_cbm']);
    const axes = chartAxes(grouped, true);
    expect(axes.x.map((k) => k.key)).toEqual(['handling_office']);
    expect(axes.y.map((k) => k.key)).toEqual(['count', 'sum_cbm']);
    const detail = resultKeys({ columns: ['so_no', 'cbm'], groupBy: [], aggregates: [] }, bookings.fields);
    expect(chartAxes(detail, false).y.map((k) => k.key)).toEqual(['cbm']);
  });

  it('offers the aggregate functions a field type takes', () => {
    expect(aggFnsFor('*')).toEqual(['count']);
    expect(aggFnsFor(field('cbm'))).toEqual(['count', 'sum', 'avg', 'min', 'max']);
    expect(aggFnsFor(field('so_no'))).toEqual(['count']);
    expect(aggFnsFor(field('etd'))).toEqual(['count', 'min', 'max']);
  });

  it('checks filters as the server does', () => {
    expect(filterProblem({ field: 'so_no' }, field('so_no'))).toBe('msgCustomFilterIncomplete');
    expect(filterProblem({ field: 'so_no', op: 'gte', value: 'x' }, field('so_no'))).toBe('msgRwBadOperator');
    expect(filterProblem({ field: 'cbm', op: 'gte', value: 'ten' }, field('cbm'))).toBe('msgRwBadValue');
    expect(filterProblem({ field: 'etd', op: 'between', value: '2026-01-01' }, field('etd'))).toBe(
      'msgCustomFilterIncomplete',
    );
    expect(
      filterProblem({ field: 'etd', op: 'between', value: '2026-01-01', value2: '2026-02-01' }, field('etd')),
    ).toBeNull();
    expect(filterProblem({ field: 'cbm', op: 'empty' }, field('cbm'))).toBeNull();
    expect(filterProblem({ field: 'status', op: 'in', value: 'A,B' }, field('status'))).toBeNull();
    expect(filterProblem({ field: 'is_dangerous', op: 'eq', value: 'maybe' }, field('is_dangerous'))).toBe(
      'msgRwBadValue',
    );
  });

  it('lists the problems that block a save: name, columns or aggregates, recipients of a schedule', () => {
    const paths = (v: RwFormValues, save: boolean) =>
      definitionProblems(v, bookings, save).map((p) => `${p.path.join('.')}:${p.msgKey}`);
    expect(paths(form({}), true)).toEqual(['name:msgFieldRequired', 'columns:msgRwNoColumns']);
    expect(paths(form({}), false)).toEqual(['columns:msgRwNoColumns']);
    expect(paths({ ...emptyForm(), name: 'x' }, true)).toEqual(['dataset:msgFieldRequired']);
    expect(
      paths(
        form({
          name: 'x',
          groupBy: ['handling_office'],
          aggregates: [],
          schedule: { frequency: 'weekly', weekday: 1, hour: 7, recipients: [] },
        }),
        true,
      ),
    ).toEqual(['aggregates:msgRwNoColumns', 'schedule.recipients:msgRwNoRecipients']);
    expect(
      paths(
        form({
          name: 'x',
          columns: ['so_no'],
          schedule: { frequency: 'none', hour: 7, recipients: ['nope'] },
        }),
        true,
      ),
    ).toEqual(['schedule.recipients:msgFieldInvalid']);
  });

  it('drops what the dataset does not offer and chart axes that are no longer in the result', () => {
    const v = reconcile(
      form({
        columns: ['so_no', 'gone'],
        groupBy: ['handling_office', 'status', 'etd', 'so_no'],
        aggregates: [{ field: '*', fn: 'count' }],
        sort: [
          { key: 'count', dir: 'desc' },
          { key: 'cbm', dir: 'asc' },
        ],
        chart: { type: 'bar', x: 'handling_office', y: 'sum_cbm' },
      }),
      bookings,
    );
    expect(v.columns).toEqual(['so_no']);
    expect(v.groupBy).toEqual(['handling_office', 'status', 'etd']);
    expect(v.sort).toEqual([{ key: 'count', dir: 'desc' }]);
    // sum_cbm is gone (no such aggregate): the chart takes the count instead.
    expect(v.chart).toEqual({ type: 'bar', x: 'handling_office', y: 'count' });
  });

  it('moves items and checks e-mail addresses', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
    expect(isEmail('manager@demo.test')).toBe(true);
    expect(isEmail('manager@demo')).toBe(false);
    expect(isEmail('a b@demo.test')).toBe(false);
  });

  it('charts y by x, leaving out rows without a number', () => {
    const points = chartPoints(
      {
        columns: [],
        rows: [
          { handling_office: 'HKG', count: '3' },
          { handling_office: null, count: '1' },
          { handling_office: 'SZX', count: null },
        ],
        total: 3,
        truncated: false,
        aggregated: true,
        elapsedMs: 4,
      },
      'handling_office',
      'count',
      '(empty)',
    );
    expect(points).toEqual([
      { name: 'HKG', value: 3 },
      { name: '(empty)', value: 1 },
    ]);
  });
});

describe('status codes in a result (issue 39)', () => {
  it('words the values of a code column for the table and the chart, and leaves other columns as they are', async () => {
    const i = i18next.createInstance();
    await i.init({ lng: 'zh-HK', ns: ['codes'], resources: { 'zh-HK': { codes: codesHk } } });
    const result = {
      columns: [
        { key: 'status', labelKey: 'field.invoices.status', type: 'enum' as const, codeKind: 'invoice' },
        { key: 'count', labelKey: 'agg.count', type: 'number' as const },
      ],
      rows: [
        { status: 'APPROVED_2', count: '3' },
        { status: 'EXPORTED_AUTO', count: '2' },
        { status: null, count: '1' },
      ],
      total: 3,
      truncated: false,
      aggregated: true,
      elapsedMs: 1,
    };
    const worded = wordCodes(result, (kind, code) => statusWord(i.t, kind, code));
    expect(worded.rows.map((r) => r.status)).toEqual(['已審批（第二級）', '已自動匯出', null]);
    expect(worded.rows.map((r) => r.count)).toEqual(['3', '2', '1']);
    expect(chartPoints(worded, 'status', 'count', '（空白）').map((p) => p.name)).toEqual([
      '已審批（第二級）',
      '已自動匯出',
      '（空白）',
    ]);
    // No code column: the same object back.
    const plain = { ...result, columns: [result.columns[1]] };
    expect(wordCodes(plain, () => 'x')).toBe(plain);
  });
});
