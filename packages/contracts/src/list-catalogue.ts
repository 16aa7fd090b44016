// ---------------------------------------------------------------------------------------------------------
// The list framework's custom filter rules without zod (issue 20: list screens import these without pulling the
// schemas). list.ts re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

/** Operators a custom filter rule may use. */
export const FILTER_OPS = ['eq', 'contains', 'startsWith', 'gte', 'lte'] as const;
export type TFilterOp = (typeof FILTER_OPS)[number];
/** Kinds of filterable fields and the operators each accepts. */
export const FILTER_FIELD_OPS = {
  text: ['contains', 'startsWith', 'eq'],
  select: ['eq'],
  date: ['eq', 'gte', 'lte'],
  number: ['eq', 'gte', 'lte'],
} as const satisfies Record<string, readonly TFilterOp[]>;
export type TFilterFieldType = keyof typeof FILTER_FIELD_OPS;
/** A typed custom filter value needs at least this many characters (002 §5, §9). */
export const CUSTOM_FILTER_MIN_CHARS = 3;
/** At most this many rules in one `filters` parameter. */
export const MAX_FILTER_RULES = 10;

/** Serialises rules for the `filters` query parameter (undefined when there are none). */
export const filtersToParam = (rules: readonly { field: string; op: string; value: string }[]) =>
  rules.length ? JSON.stringify(rules.map(({ field, op, value }) => ({ field, op, value }))) : undefined;

const isIsoDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/**
 * What is wrong with a rule for a field of this type, as a message key, or null when it is fine.
 * Typed text needs CUSTOM_FILTER_MIN_CHARS characters; picked values (select) and dates do not.
 */
export function customFilterProblem(
  rule: { field?: string | null; op?: string | null; value?: string | null },
  type: TFilterFieldType | undefined,
): string | null {
  const value = rule.value?.trim() ?? '';
  if (!rule.field || !rule.op || !value) return 'msgCustomFilterIncomplete';
  if (!type) return 'msgFilterFieldUnknown';
  if (!(FILTER_FIELD_OPS[type] as readonly string[]).includes(rule.op)) return 'msgFilterOpNotAllowed';
  if (type === 'text' && value.length < CUSTOM_FILTER_MIN_CHARS) return 'msgCustomFilterValueTooShort';
  if (type === 'date' && !isIsoDate(value)) return 'msgFieldInvalid';
  if (type === 'number' && !Number.isFinite(Number(value))) return 'msgFieldInvalid';
  return null;
}

/**
 * Reads a `filters` parameter (the same rules as ZListFiltersParam in list.ts, without zod, for the web app's
 * list screens): the rules, or null when it is malformed.
 */
export function parseFilterRules(raw: string): { field: string; op: TFilterOp; value: string }[] | null {
  if (raw.length > 4000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_FILTER_RULES) return null;
  const rules: { field: string; op: TFilterOp; value: string }[] = [];
  for (const r of parsed as unknown[]) {
    if (typeof r !== 'object' || r === null) return null;
    const { field, op, value } = r as Record<string, unknown>;
    if (typeof field !== 'string' || field.length < 1 || field.length > 64) return null;
    if (typeof op !== 'string' || !(FILTER_OPS as readonly string[]).includes(op)) return null;
    if (typeof value !== 'string') return null;
    const v = value.trim();
    if (v.length < 1 || v.length > 200) return null;
    rules.push({ field, op: op as TFilterOp, value: v });
  }
  return rules;
}
