import {
  RW_AGG_TYPES,
  RW_LIMITS,
  RW_TYPE_OPS,
  rwAggKey,
  type TRwAggFn,
  type TRwAggregate,
  type TRwDataset,
  type TRwDatasetInfo,
  type TRwField,
  type TRwFilter,
  type TRwFilterOp,
  type TRwReport,
  type TRwResult,
  type TRwResultColumn,
} from '@portal/contracts';

/** What the builder edits: a report definition with every part present. */
export interface RwFormValues {
  name: string;
  description: string;
  dataset: TRwDataset | undefined;
  columns: string[];
  filters: TRwFilter[];
  groupBy: string[];
  aggregates: TRwAggregate[];
  sort: { key: string; dir: 'asc' | 'desc' }[];
  chart: { type: 'none' | 'bar' | 'line' | 'pie'; x?: string; y?: string };
  share: { scope: 'private' | 'office'; office?: string };
  schedule: {
    frequency: 'none' | 'daily' | 'weekly' | 'monthly';
    weekday?: number;
    monthday?: number;
    hour: number;
    recipients: string[];
  };
}

/** The body of POST/PUT /ReportWriter/reports (and, without name and the rest, of the preview). */
export interface RwBody {
  name: string;
  description: string | null;
  dataset: TRwDataset;
  columns: string[];
  filters: TRwFilter[];
  groupBy: string[];
  aggregates: TRwAggregate[];
  sort: { key: string; dir: 'asc' | 'desc' }[];
  chart: RwFormValues['chart'];
  share: RwFormValues['share'];
  schedule: RwFormValues['schedule'];
}

export const emptyForm = (): RwFormValues => ({
  name: '',
  description: '',
  dataset: undefined,
  columns: [],
  filters: [],
  groupBy: [],
  aggregates: [],
  sort: [],
  chart: { type: 'none' },
  share: { scope: 'private' },
  schedule: { frequency: 'none', hour: 7, recipients: [] },
});

/** A saved report as the builder's values. */
export function reportToForm(r: TRwReport): RwFormValues {
  return {
    name: r.name,
    description: r.description ?? '',
    dataset: r.dataset,
    columns: [...r.columns],
    filters: r.filters.map((f) => ({ ...f })),
    groupBy: [...r.groupBy],
    aggregates: r.aggregates.map((a) => ({ ...a })),
    sort: r.sort.map((s) => ({ key: s.key, dir: s.dir })),
    chart: { ...r.chart },
    share: { ...r.share },
    schedule: { ...r.schedule, recipients: [...r.schedule.recipients] },
  };
}

/** No value is asked for (and none sent) with these operators. */
export const opNeedsValue = (op: TRwFilterOp | undefined) => op !== 'empty' && op !== 'notEmpty';

/**
 * The request body from the builder's values: text trimmed, parts that do not apply left out (a value with
 * `empty`, value2 without `between`, the weekday of a monthly schedule…), so the unsaved-changes comparison
 * and the server see the same thing.
 */
export function toBody(v: RwFormValues): RwBody {
  const s = v.schedule;
  const grouped = v.groupBy.length > 0;
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    dataset: v.dataset as TRwDataset,
    columns: grouped ? [] : [...v.columns],
    filters: v.filters.map((f) => ({
      field: f.field,
      op: f.op,
      ...(opNeedsValue(f.op) ? { value: (f.value ?? '').trim() } : {}),
      ...(f.op === 'between' ? { value2: (f.value2 ?? '').trim() } : {}),
    })),
    groupBy: [...v.groupBy],
    aggregates: grouped ? v.aggregates.map((a) => ({ field: a.field, fn: a.fn })) : [],
    sort: v.sort.map((x) => ({ key: x.key, dir: x.dir })),
    chart:
      v.chart.type === 'none'
        ? { type: 'none' }
        : {
            type: v.chart.type,
            ...(v.chart.x ? { x: v.chart.x } : {}),
            ...(v.chart.y ? { y: v.chart.y } : {}),
          },
    share:
      v.share.scope === 'office'
        ? { scope: 'office', ...(v.share.office ? { office: v.share.office } : {}) }
        : { scope: 'private' },
    schedule:
      s.frequency === 'none'
        ? { frequency: 'none', hour: s.hour, recipients: s.recipients.map((r) => r.trim().toLowerCase()) }
        : {
            frequency: s.frequency,
            ...(s.frequency === 'weekly' ? { weekday: s.weekday ?? 1 } : {}),
            ...(s.frequency === 'monthly' ? { monthday: s.monthday ?? 1 } : {}),
            hour: s.hour,
            recipients: s.recipients.map((r) => r.trim().toLowerCase()),
          },
  };
}

/** The same definition as text, to tell whether anything changed since the last load or save. */
export const fingerprint = (v: RwFormValues) => JSON.stringify(toBody(v));

/** A key the result will have, with what it shows. */
export interface ResultKey {
  key: string;
  /** The field it comes from ('*' for count of rows). */
  field: string;
  fn?: TRwAggFn;
  type: TRwField['type'];
}

/**
 * The result's keys: the groups and aggregates of a grouped report, else its columns. Sort keys and the
 * chart's axes are picked from these.
 */
export function resultKeys(
  v: Pick<RwFormValues, 'columns' | 'groupBy' | 'aggregates'>,
  fields: readonly TRwField[],
): ResultKey[] {
  const typeOf = (k: string) => fields.find((f) => f.key === k)?.type ?? 'text';
  if (v.groupBy.length === 0) return v.columns.map((k) => ({ key: k, field: k, type: typeOf(k) }));
  return [
    ...v.groupBy.map((k) => ({ key: k, field: k, type: typeOf(k) })),
    ...v.aggregates
      .filter((a) => a.field && a.fn)
      .map((a) => ({
        key: rwAggKey(a),
        field: a.field,
        fn: a.fn,
        type:
          a.fn === 'count' ? ('number' as const) : a.field === '*' ? ('number' as const) : typeOf(a.field),
      })),
  ];
}

const NUMERIC = new Set(['number', 'money']);

/** Chart axes: categories from the groups (or non-numeric columns), values from aggregates (or numeric columns). */
export function chartAxes(keys: readonly ResultKey[], grouped: boolean) {
  return {
    x: keys.filter((k) => (grouped ? !k.fn : !NUMERIC.has(k.type))),
    y: keys.filter((k) => (grouped ? !!k.fn && NUMERIC.has(k.type) : NUMERIC.has(k.type))),
  };
}

/** Functions a field may be aggregated with ('*' is only counted). */
export function aggFnsFor(field: TRwField | '*' | undefined): TRwAggFn[] {
  if (field === '*') return ['count'];
  if (!field) return [];
  return (Object.keys(RW_AGG_TYPES) as TRwAggFn[]).filter((fn) => RW_AGG_TYPES[fn].includes(field.type));
}

export const opsForField = (field: TRwField | undefined): readonly TRwFilterOp[] =>
  field ? RW_TYPE_OPS[field.type] : [];

const isIsoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
const isNumber = (s: string) => s !== '' && Number.isFinite(Number(s));

/** What is wrong with a filter (a `msg` key) before it is sent, or null. The server checks the same. */
export function filterProblem(f: Partial<TRwFilter>, field: TRwField | undefined): string | null {
  if (!f.field || !f.op) return 'msgCustomFilterIncomplete';
  if (!field) return 'msgRwUnknownField';
  if (!RW_TYPE_OPS[field.type].includes(f.op)) return 'msgRwBadOperator';
  if (!opNeedsValue(f.op)) return null;
  const values = [f.value ?? ''];
  if (f.op === 'between') values.push(f.value2 ?? '');
  for (const raw of values) {
    const v = raw.trim();
    if (!v) return 'msgCustomFilterIncomplete';
    if (f.op === 'in') continue;
    if ((field.type === 'number' || field.type === 'money') && !isNumber(v)) return 'msgRwBadValue';
    if ((field.type === 'date' || field.type === 'datetime') && !isIsoDate(v.slice(0, 10)))
      return 'msgRwBadValue';
    if (field.type === 'boolean' && v !== 'true' && v !== 'false') return 'msgRwBadValue';
  }
  return null;
}

/** An e-mail address as the server accepts it (a plain, practical check; the server has the last word). */
export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()) && s.trim().length <= 200;

/** Moves item `from` to position `to` (a new array). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Keeps the definition consistent with the dataset's fields after a change: unknown columns, groups, sort
 * keys and chart axes are dropped (a new dataset, a group removed), at most three groups; a chart without an
 * axis takes the first one the result offers.
 */
export function reconcile(v: RwFormValues, dataset: TRwDatasetInfo | undefined): RwFormValues {
  const known = new Set(dataset?.fields.map((f) => f.key) ?? []);
  const groupBy = v.groupBy.filter((k) => known.has(k)).slice(0, RW_LIMITS.maxGroupBy);
  const aggregates = v.aggregates.filter((a) => a.field === '*' || known.has(a.field));
  const columns = v.columns.filter((k) => known.has(k));
  const result = resultKeys({ columns, groupBy, aggregates }, dataset?.fields ?? []);
  const keys = new Set(result.map((k) => k.key));
  const chart = { ...v.chart };
  if (chart.x && !keys.has(chart.x)) chart.x = undefined;
  if (chart.y && !keys.has(chart.y)) chart.y = undefined;
  // A chart always has axes while the result offers them (the first group and aggregate, say).
  if (chart.type !== 'none') {
    const axes = chartAxes(result, groupBy.length > 0);
    chart.x ??= axes.x[0]?.key;
    chart.y ??= axes.y[0]?.key;
  }
  return {
    ...v,
    columns,
    groupBy,
    aggregates,
    filters: v.filters.filter((f) => !f.field || known.has(f.field)),
    sort: v.sort.filter((s) => !s.key || keys.has(s.key)),
    chart,
  };
}

/** The builder's problems before Preview/Save/Run: message keys by form path (empty when fine). */
export function definitionProblems(v: RwFormValues, dataset: TRwDatasetInfo | undefined, forSave: boolean) {
  const problems: { path: (string | number)[]; msgKey: string }[] = [];
  if (forSave && !v.name.trim()) problems.push({ path: ['name'], msgKey: 'msgFieldRequired' });
  if (!v.dataset || !dataset) {
    problems.push({ path: ['dataset'], msgKey: 'msgFieldRequired' });
    return problems;
  }
  const grouped = v.groupBy.length > 0;
  if (grouped && v.aggregates.length === 0) problems.push({ path: ['aggregates'], msgKey: 'msgRwNoColumns' });
  if (!grouped && v.columns.length === 0) problems.push({ path: ['columns'], msgKey: 'msgRwNoColumns' });
  if (v.groupBy.length > RW_LIMITS.maxGroupBy)
    problems.push({ path: ['groupBy'], msgKey: 'msgRwTooManyGroups' });
  v.filters.forEach((f, i) => {
    const p = filterProblem(
      f,
      dataset.fields.find((x) => x.key === f.field),
    );
    if (p) problems.push({ path: ['filters', i], msgKey: p });
  });
  v.aggregates.forEach((a, i) => {
    if (!a.field || !a.fn) problems.push({ path: ['aggregates', i], msgKey: 'msgCustomFilterIncomplete' });
  });
  v.sort.forEach((s, i) => {
    if (!s.key) problems.push({ path: ['sort', i], msgKey: 'msgCustomFilterIncomplete' });
  });
  if (forSave && v.schedule.frequency !== 'none' && v.schedule.recipients.length === 0)
    problems.push({ path: ['schedule', 'recipients'], msgKey: 'msgRwNoRecipients' });
  v.schedule.recipients.forEach((r) => {
    if (!isEmail(r)) problems.push({ path: ['schedule', 'recipients'], msgKey: 'msgFieldInvalid' });
  });
  return problems;
}

/** One chart point: the category and its value. */
export interface ChartPoint {
  name: string;
  value: number;
}

/** The chart's points from a result: x as the category, y as a number (rows without a number are left out). */
export function chartPoints(
  result: TRwResult | undefined,
  x: string | undefined,
  y: string | undefined,
  emptyLabel: string,
) {
  if (!result || !x || !y) return [];
  const points: ChartPoint[] = [];
  for (const row of result.rows) {
    const value = Number(row[y]);
    if (row[y] === null || row[y] === undefined || !Number.isFinite(value)) continue;
    points.push({ name: row[x] ?? emptyLabel, value });
  }
  return points;
}

/**
 * The result with the values of its code columns (`codeKind`: a booking's, an invoice's status…) as words,
 * `word(kind, code)` (the codes catalogue, issue 39): the table and the chart show the same words.
 */
export function wordCodes(result: TRwResult, word: (kind: string, code: string) => string): TRwResult {
  const coded = result.columns.filter((c) => c.codeKind);
  if (!coded.length) return result;
  return {
    ...result,
    rows: result.rows.map((r) => {
      const out = { ...r };
      for (const c of coded) {
        const v = out[c.key];
        if (v && c.codeKind) out[c.key] = word(c.codeKind, v);
      }
      return out;
    }),
  };
}

/** The translation of a result column's heading: "Sum of CBM" for an aggregate, the field's label otherwise. */
export function columnLabelArgs(c: TRwResultColumn) {
  return { key: c.labelKey, fieldKey: c.fieldLabelKey };
}
