import {
  customFilterProblem,
  FILTER_FIELD_OPS,
  parseFilterRules,
  type TFilterFieldType,
  type TFilterOp,
  type TListFilterRule,
} from '@portal/contracts';

/** The list-state filter (and query parameter) holding custom filter rules as JSON. */
export const CUSTOM_FILTER_PARAM = 'filters';

/** A field the custom filter builder offers: label, kind, and for select fields its options or option list. */
export interface CustomFilterField {
  name: string;
  label: string;
  type: TFilterFieldType;
  /** Fixed choices (translated) for a select field. */
  options?: { value: string; label: string }[];
  /** A select field whose choices come from GetInSelectionOptions (shown with SearchSelect). */
  fetchOptionKey?: string;
}

/** Choices of a select field in the builder: fixed options or a GetInSelectionOptions key. */
export type CustomFilterChoices = Pick<CustomFilterField, 'options' | 'fetchOptionKey'>;

/**
 * The builder's fields from a list's whitelist in contracts (e.g. WAREHOUSE_FILTER_FIELDS), so the web app
 * offers exactly the fields the server accepts: each with its label and, for select fields, its choices.
 */
export function customFilterFieldsOf(
  kinds: Readonly<Record<string, TFilterFieldType>>,
  label: (name: string) => string,
  choices: Readonly<Record<string, CustomFilterChoices>> = {},
): CustomFilterField[] {
  return Object.entries(kinds).map(([name, type]) => ({ name, label: label(name), type, ...choices[name] }));
}

/** A rule being edited: any part may still be empty. */
export interface DraftRule {
  field?: string;
  op?: TFilterOp;
  value?: string;
}

/** Operators offered for a field. */
export const opsFor = (field: CustomFilterField | undefined): readonly TFilterOp[] =>
  field ? FILTER_FIELD_OPS[field.type] : [];

/** Reads the rules from the `filters` URL value; anything malformed gives no rules. */
export function parseFilterParam(raw: string | undefined): TListFilterRule[] {
  if (!raw) return [];
  return parseFilterRules(raw) ?? [];
}

/** Checks every draft rule: the message key of each one's problem (null when fine), in order. */
export function draftProblems(drafts: readonly DraftRule[], fields: readonly CustomFilterField[]) {
  return drafts.map((d) => customFilterProblem(d, fields.find((f) => f.name === d.field)?.type));
}

/** Complete rules ready to send, or null when any draft has a problem. */
export function draftsToRules(
  drafts: readonly DraftRule[],
  fields: readonly CustomFilterField[],
): TListFilterRule[] | null {
  if (draftProblems(drafts, fields).some(Boolean)) return null;
  return drafts.map((d) => ({ field: d.field ?? '', op: d.op ?? 'eq', value: (d.value ?? '').trim() }));
}
