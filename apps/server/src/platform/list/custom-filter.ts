import {
  CUSTOM_FILTER_MIN_CHARS,
  customFilterProblem,
  FILTER_FIELD_OPS,
  MSG,
  type TFieldError,
  type TFilterFieldType,
  type TListFilterRule,
} from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors/app-error';
import { likeEscape } from './list-query';

/** One field a list lets custom filters use: the column (or expression) and its kind. */
export interface FilterField {
  column: PgColumn | SQL;
  type: TFilterFieldType;
}

/** The whitelist of a list's filterable fields, by the name clients send in `filters[].field`. */
export type FilterFields<K extends string = string> = Record<K, FilterField>;

/**
 * A list's whitelist from the field kinds declared in contracts (e.g. WAREHOUSE_FILTER_FIELDS) and the
 * column behind each name, so the kinds are written once and the names cannot drift apart.
 */
export function filterFieldsOf<K extends string>(
  kinds: Readonly<Record<K, TFilterFieldType>>,
  columns: Record<K, PgColumn | SQL>,
): FilterFields<K> {
  const fields = {} as FilterFields<K>;
  for (const name of Object.keys(kinds) as K[]) fields[name] = { column: columns[name], type: kinds[name] };
  return fields;
}

/** The list of filterable field names and kinds, e.g. to describe them to clients. */
export const filterFieldTypes = (fields: FilterFields) =>
  Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.type])) as Record<string, TFilterFieldType>;

/** Checks every rule against the whitelist; any problem answers 400 with one detail per bad rule. */
function validate(rules: readonly TListFilterRule[], fields: FilterFields): void {
  const details: TFieldError[] = [];
  rules.forEach((rule, i) => {
    const field = Object.hasOwn(fields, rule.field) ? fields[rule.field] : undefined;
    const problem = customFilterProblem(rule, field?.type);
    if (!problem) return;
    const where =
      problem === MSG.filterFieldUnknown ? 'field' : problem === MSG.filterOpNotAllowed ? 'op' : 'value';
    const params: Record<string, string | number> = { field: rule.field };
    if (problem === MSG.customFilterValueTooShort) params.min = CUSTOM_FILTER_MIN_CHARS;
    if (problem === MSG.filterOpNotAllowed && field) params.ops = FILTER_FIELD_OPS[field.type].join(', ');
    details.push({ field: `filters.${i}.${where}`, msgKey: problem, params });
  });
  if (details.length) {
    throw new AppError(400, details[0].msgKey, { params: details[0].params, details });
  }
}

/** One rule as SQL. Field names never reach the SQL text: only whitelisted columns and bound values do. */
function ruleSql(rule: TListFilterRule, f: FilterField): SQL {
  const v = rule.value.trim();
  if (f.type === 'text') {
    const lower = sql`lower(${f.column})`;
    const needle = likeEscape(v.toLowerCase());
    if (rule.op === 'contains') return sql`${lower} like ${`%${needle}%`}`;
    if (rule.op === 'startsWith') return sql`${lower} like ${`${needle}%`}`;
    return sql`${lower} = ${v.toLowerCase()}`;
  }
  const value: string | number = f.type === 'number' ? Number(v) : v;
  if (rule.op === 'gte') return sql`${f.column} >= ${value}`;
  if (rule.op === 'lte') return sql`${f.column} <= ${value}`;
  return sql`${f.column} = ${value}`;
}

/**
 * Turns the `filters` query parameter (contracts ZListFiltersParam) into WHERE parts for a list, using
 * only the list's whitelisted fields. An unknown field, an operator the field's kind does not take, or a
 * typed value shorter than 3 characters answers 400 with the rule's message key.
 */
export function customFilterSql(rules: readonly TListFilterRule[] | undefined, fields: FilterFields): SQL[] {
  if (!rules?.length) return [];
  validate(rules, fields);
  return rules.map((rule) => ruleSql(rule, fields[rule.field]));
}
