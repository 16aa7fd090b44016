import {
  RW_AGG_TYPES,
  RW_LIMITS,
  RW_MSG,
  RW_TYPE_OPS,
  rwAggKey,
  type TFieldError,
  type TRwFilter,
  type TRwQuery,
  type TRwResultColumn,
} from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { AppError } from '../../platform/errors/app-error';
import { likeEscape } from '../../platform/list/list-query';
import {
  datasetsFor,
  fieldLabelKey,
  fieldsFor,
  RW_DATASET_DEFS,
  type RwDatasetDef,
  type RwFieldDef,
} from './report-writer-datasets.repository';

// ---------------------------------------------------------------------------------------------------------
// The query builder: a definition (keys only) → one SELECT over the dataset's whitelisted expressions with
// every value bound. Result columns are aliased c0, c1… (never a client string) and mapped back to keys.
// ---------------------------------------------------------------------------------------------------------

export interface BuiltQuery {
  /** Rows, limited to `limit + 1` (one more tells `truncated`). */
  rows: SQL;
  /** Capped count of the rows (detail) or groups (aggregated), at most RW_LIMITS.maxRows + 1; null = one row. */
  count: SQL | null;
  columns: TRwResultColumn[];
  aggregated: boolean;
  limit: number;
  /** The caller set `limit` (a top-N report): a grouped result may then be cut without an error. */
  explicitLimit: boolean;
}

class Problems {
  readonly list: TFieldError[] = [];
  add(field: string, msgKey: string, params: Record<string, string | number> = {}) {
    this.list.push({ field, msgKey, params });
  }
  throwIfAny() {
    if (!this.list.length) return;
    const [first] = this.list;
    throw new AppError(400, first.msgKey, { params: first.params, details: this.list });
  }
}

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const isDate = (v: string) => {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const MAX_IN_VALUES = 100;

/** One value of a filter, checked against the field's type; null when it does not fit. */
function typedValue(field: RwFieldDef, raw: string): SQL | null {
  const v = raw.trim();
  switch (field.type) {
    case 'number':
    case 'money':
      return NUMBER.test(v) ? sql`${v}::numeric` : null;
    case 'date':
      return isDate(v) ? sql`${v}::date` : null;
    case 'datetime':
      if (isDate(v)) return sql`${v}::date`;
      return DATETIME.test(v) && !Number.isNaN(Date.parse(v)) ? sql`${v}::timestamptz` : null;
    case 'boolean':
      return v === 'true' || v === 'false' ? sql`${v === 'true'}` : null;
    case 'enum':
      return field.options && !field.options.includes(v) ? null : sql`${v}`;
    default:
      return v ? sql`${field.code ? v.toUpperCase() : v}` : null;
  }
}

/** A datetime field compared with a date-only value compares its day (in the database's zone). */
const lhs = (field: RwFieldDef, raw: string | undefined) =>
  field.type === 'datetime' && raw && isDate(raw.trim()) ? sql`(${field.expr})::date` : field.expr;

function filterSql(field: RwFieldDef, rule: TRwFilter, path: string, p: Problems): SQL | null {
  const ops = RW_TYPE_OPS[field.type];
  if (!ops.includes(rule.op)) {
    p.add(`${path}.op`, RW_MSG.badOperator, { field: field.key, op: rule.op });
    return null;
  }
  const e = field.expr;
  if (rule.op === 'empty') return sql`${e} is null`;
  if (rule.op === 'notEmpty') return sql`${e} is not null`;
  const bad = () => {
    p.add(`${path}.value`, RW_MSG.badValue, { field: field.key });
    return null;
  };
  const raw = rule.value ?? '';
  if (!raw.trim()) return bad();
  const isText = field.type === 'text';
  if (rule.op === 'contains' || rule.op === 'startsWith') {
    if (!isText) return bad();
    const needle = likeEscape(field.code ? raw.trim().toUpperCase() : raw.trim().toLowerCase());
    const pattern = rule.op === 'contains' ? `%${needle}%` : `${needle}%`;
    return field.code ? sql`${e} like ${pattern}` : sql`lower(${e}) like ${pattern}`;
  }
  if (rule.op === 'in') {
    const parts = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!parts.length || parts.length > MAX_IN_VALUES) return bad();
    const values = parts.map((s) => (isText && !field.code ? sql`${s.toLowerCase()}` : typedValue(field, s)));
    if (values.some((x) => x === null)) return bad();
    const left = isText && !field.code ? sql`lower(${e})` : e;
    return sql`${left} in (${sql.join(values as SQL[], sql`, `)})`;
  }
  if (rule.op === 'eq' && isText && !field.code) return sql`lower(${e}) = ${raw.trim().toLowerCase()}`;
  const value = typedValue(field, raw);
  if (!value) return bad();
  if (rule.op === 'eq') return sql`${lhs(field, raw)} = ${value}`;
  if (rule.op === 'gte') return sql`${lhs(field, raw)} >= ${value}`;
  if (rule.op === 'lte') return sql`${lhs(field, raw)} <= ${value}`;
  // between: both bounds, inclusive.
  const upper = rule.value2 ? typedValue(field, rule.value2) : null;
  if (!upper) {
    p.add(`${path}.value2`, RW_MSG.badValue, { field: field.key });
    return null;
  }
  return sql`${lhs(field, raw)} between ${value} and ${upper}`;
}

/** A value as text in the answer: dates YYYY-MM-DD, datetimes ISO UTC, booleans true/false. */
function asText(type: string, e: SQL): SQL {
  if (type === 'date') return sql`to_char(${e}, 'YYYY-MM-DD')`;
  if (type === 'datetime') return sql`to_char((${e}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  if (type === 'boolean') return sql`(case when ${e} then 'true' when not ${e} then 'false' end)`;
  return sql`(${e})::text`;
}

/** The dataset a viewer asks for, or 400 (unknown, or internal and the viewer external). */
export function datasetOrThrow(actor: Actor, key: string): RwDatasetDef {
  const ds = datasetsFor(actor).find((d) => d.key === key);
  if (!ds || !Object.hasOwn(RW_DATASET_DEFS, key))
    throw new AppError(400, RW_MSG.unknownDataset, {
      details: [{ field: 'dataset', msgKey: RW_MSG.unknownDataset }],
    });
  return ds;
}

/**
 * Builds the query of a definition for this viewer: the viewer's party access is always ANDed in, fields
 * the viewer may not use are unknown (400), and every value is a bound parameter. `limit` caps the rows.
 */
export function buildQuery(actor: Actor, q: TRwQuery, opts: { limit?: number } = {}): BuiltQuery {
  const ds = datasetOrThrow(actor, q.dataset);
  const visibleFields = new Map(fieldsFor(ds, actor).map((x) => [x.key, x]));
  const p = new Problems();
  const usedJoins = new Set<string>();
  const field = (key: string, path: string): RwFieldDef | null => {
    const hit = visibleFields.get(key);
    if (!hit) {
      p.add(path, RW_MSG.unknownField, { field: key.slice(0, 64) });
      return null;
    }
    if (hit.join) usedJoins.add(hit.join);
    return hit;
  };

  // Filters.
  const where: SQL[] = [];
  q.filters.forEach((rule, i) => {
    const fd = field(rule.field, `filters.${i}.field`);
    if (!fd) return;
    const s = filterSql(fd, rule, `filters.${i}`, p);
    if (s) where.push(s);
  });
  const visible = ds.visible(actor);
  if (visible) where.push(visible);

  // Groups and aggregates.
  if (q.groupBy.length > RW_LIMITS.maxGroupBy)
    p.add('groupBy', RW_MSG.tooManyGroups, { max: RW_LIMITS.maxGroupBy });
  const groups: RwFieldDef[] = [];
  q.groupBy.slice(0, RW_LIMITS.maxGroupBy).forEach((key, i) => {
    const fd = field(key, `groupBy.${i}`);
    if (!fd) return;
    if (!fd.groupable) p.add(`groupBy.${i}`, RW_MSG.badAggregate, { field: key, fn: 'group' });
    else if (!groups.includes(fd)) groups.push(fd);
  });
  const aggs: { key: string; expr: SQL; col: TRwResultColumn }[] = [];
  q.aggregates.forEach((a, i) => {
    const key = rwAggKey(a);
    if (aggs.some((x) => x.key === key)) return;
    if (a.field === '*') {
      if (a.fn !== 'count') p.add(`aggregates.${i}.field`, RW_MSG.badAggregate, { field: '*', fn: a.fn });
      else aggs.push({ key, expr: sql`count(*)`, col: { key, labelKey: 'agg.count', type: 'number' } });
      return;
    }
    const fd = field(a.field, `aggregates.${i}.field`);
    if (!fd) return;
    if (!RW_AGG_TYPES[a.fn].includes(fd.type)) {
      p.add(`aggregates.${i}.fn`, RW_MSG.badAggregate, { field: fd.key, fn: a.fn });
      return;
    }
    const expr =
      a.fn === 'count'
        ? sql`count(${fd.expr})`
        : a.fn === 'avg'
          ? sql`round(avg(${fd.expr}), 4)`
          : a.fn === 'sum'
            ? sql`sum(${fd.expr})`
            : a.fn === 'min'
              ? sql`min(${fd.expr})`
              : sql`max(${fd.expr})`;
    aggs.push({
      key,
      expr,
      col: {
        key,
        labelKey: `agg.${a.fn}`,
        fieldLabelKey: fieldLabelKey(ds.key, fd.key),
        type: a.fn === 'count' ? 'number' : fd.type,
        ...(a.fn !== 'count' && fd.codeKind ? { codeKind: fd.codeKind } : {}),
      },
    });
  });
  const aggregated = groups.length > 0 || aggs.length > 0;

  // Columns.
  const columns: RwFieldDef[] = [];
  q.columns.forEach((key, i) => {
    const fd = field(key, `columns.${i}`);
    if (!fd || columns.includes(fd)) return;
    if (aggregated && !groups.includes(fd)) p.add(`columns.${i}`, RW_MSG.notGrouped, { field: key });
    else columns.push(fd);
  });
  if (!aggregated && !columns.length) p.add('columns', RW_MSG.noColumns);

  // Sort.
  const order: SQL[] = [];
  q.sort.forEach((s, i) => {
    const dir = s.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
    const agg = aggs.find((a) => a.key === s.key);
    if (agg) {
      order.push(sql`${agg.expr} ${dir}`);
      return;
    }
    const fd = field(s.key, `sort.${i}.key`);
    if (!fd) return;
    if (aggregated && !groups.includes(fd)) p.add(`sort.${i}.key`, RW_MSG.notGrouped, { field: s.key });
    else order.push(sql`${fd.expr} ${dir}`);
  });
  p.throwIfAny();

  const explicitLimit = q.limit !== undefined;
  const limit = Math.min(opts.limit ?? RW_LIMITS.maxRows, q.limit ?? RW_LIMITS.maxRows);
  const joins = [...usedJoins].map((j) => ds.joins[j]);
  const from = sql.join([ds.from, ...joins], sql` `);
  const whereSql = where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``;

  const outCols: TRwResultColumn[] = [];
  const select: SQL[] = [];
  const push = (col: TRwResultColumn, e: SQL) => {
    select.push(sql`${asText(col.type, e)} as ${sql.raw(`c${select.length}`)}`);
    outCols.push(col);
  };
  const fieldCol = (fd: RwFieldDef): TRwResultColumn => ({
    key: fd.key,
    labelKey: fieldLabelKey(ds.key, fd.key),
    type: fd.type,
    ...(fd.codeKind ? { codeKind: fd.codeKind } : {}),
  });

  if (aggregated) {
    for (const g of groups) push(fieldCol(g), g.expr);
    for (const a of aggs) push(a.col, a.expr);
    const groupBy = groups.length
      ? sql` group by ${sql.join(
          groups.map((g) => g.expr),
          sql`, `,
        )}`
      : sql``;
    if (!order.length) for (const g of groups) order.push(sql`${g.expr} asc nulls first`);
    const orderBy = order.length ? sql` order by ${sql.join(order, sql`, `)}` : sql``;
    return {
      rows: sql`select ${sql.join(select, sql`, `)} from ${from}${whereSql}${groupBy}${orderBy} limit ${limit + 1}`,
      // Aggregates without groups answer exactly one row.
      count: groups.length
        ? sql`select count(*)::int as n from (select 1 from ${from}${whereSql}${groupBy} limit ${RW_LIMITS.maxRows + 1}) t`
        : null,
      columns: outCols,
      aggregated,
      limit,
      explicitLimit,
    };
  }
  for (const c of columns) push(fieldCol(c), c.expr);
  order.push(sql`${ds.tiebreak} asc`);
  return {
    rows: sql`select ${sql.join(select, sql`, `)} from ${from}${whereSql} order by ${sql.join(order, sql`, `)} limit ${limit + 1}`,
    count: sql`select count(*)::int as n from (select 1 from ${from}${whereSql} limit ${RW_LIMITS.maxRows + 1}) t`,
    columns: outCols,
    aggregated,
    limit,
    explicitLimit,
  };
}
