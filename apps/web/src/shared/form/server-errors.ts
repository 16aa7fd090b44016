import type { TFieldError } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/http';
import type { FormInstance } from './form';

type NamePath = (string | number)[];

/** One antd `setFields` entry. */
export interface FieldErrorEntry {
  name: NamePath;
  errors: string[];
}

/** The server's per-field problems of a failed call (ApiError body `details`), or none. */
export function fieldErrorsOf(error: unknown): TFieldError[] {
  if (!(error instanceof ApiError)) return [];
  const details = error.body?.details;
  return Array.isArray(details) ? details.filter((d) => d && typeof d.field === 'string' && d.msgKey) : [];
}

/** `legs.0.etd` or `legs[0].etd` → `['legs', 0, 'etd']` (antd name path). */
export function toNamePath(field: string): NamePath {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

export interface MapFieldErrorsOptions {
  /** Renames server fields to form fields, e.g. `{ code: 'carrier_code' }`. */
  fieldMap?: Record<string, string>;
  /** Whether the form has this field; problems for other fields are returned as `unmatched`. */
  isKnown?: (name: NamePath) => boolean;
}

/**
 * Turns server field errors into antd field errors with translated messages (msg namespace). Several
 * problems on one field are kept together; problems the form cannot show are returned as `unmatched`.
 */
export function mapFieldErrors(
  details: readonly TFieldError[],
  t: TFunction,
  opts: MapFieldErrorsOptions = {},
): { fields: FieldErrorEntry[]; unmatched: TFieldError[] } {
  const byField = new Map<string, FieldErrorEntry>();
  const unmatched: TFieldError[] = [];
  for (const d of details) {
    const name = toNamePath(opts.fieldMap?.[d.field] ?? d.field);
    if (name.length === 0 || (opts.isKnown && !opts.isKnown(name))) {
      unmatched.push(d);
      continue;
    }
    const text = t(d.msgKey, { ns: 'msg', ...(d.params ?? {}) });
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  return { fields: [...byField.values()], unmatched };
}

const hasPath = (values: unknown, name: NamePath) => {
  let cur: unknown = values;
  for (const p of name) {
    if (cur === null || typeof cur !== 'object' || !(p in cur)) return false;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return true;
};

/**
 * Shows a failed call's field errors on the form fields they belong to and scrolls to the first one.
 * Returns the problems no field could show (empty when all were placed), so the caller can show them.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  opts: Omit<MapFieldErrorsOptions, 'isKnown'> = {},
): TFieldError[] {
  const values = form.getFieldsValue();
  const { fields, unmatched } = mapFieldErrors(fieldErrorsOf(error), t, {
    ...opts,
    isKnown: (name) => hasPath(values, name),
  });
  if (fields.length > 0) {
    form.setFields(fields);
    form.scrollToField(fields[0].name, { block: 'center', focus: true });
  }
  return unmatched;
}
