import i18next, { type TFunction } from 'i18next';
import type { z } from 'zod';
import type { FormInstance, RuleObject } from './form';
import { resolveSchema, type SchemaRef } from './lazy-schema';

/**
 * Loads the `msg` namespace before a rule reports (shared/i18n loadMsg). Imported when first needed: the app
 * has that module already, and a unit test without a browser goes on with the `t` it passes.
 */
const loadMsg = () =>
  import('../i18n/i18n').then(
    (m) => m.loadMsg(),
    () => undefined,
  );

const MSG_KEY = /^(msg|err)[A-Z]/;
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The translated text of a zod issue whose message is a msgKey from contracts. */
export function issueText(issue: z.core.$ZodIssue, value: unknown, t: TFunction): string {
  // An empty value that fails can only mean the field is required, whatever the schema's wording.
  let key = isEmpty(value) ? 'msgFieldRequired' : issue.message;
  if (!MSG_KEY.test(key)) key = 'msgFieldInvalid';
  const params: Record<string, unknown> = {};
  if ('maximum' in issue) params.max = Number(issue.maximum);
  if ('minimum' in issue) params.min = Number(issue.minimum);
  return t(key, { ns: 'msg', ...params });
}

export interface ZodRuleOptions {
  /** Converts the form value to what the schema expects (e.g. a dayjs date to 'YYYY-MM-DD'). */
  toValue?: (value: unknown) => unknown;
  t?: TFunction;
}

/**
 * An antd Form rule validating a field with the same zod schema the server uses, e.g.
 * `rules={[zodRule(F('carrier_code'))]}` with `F = fieldsOf((c) => c.ZCarrierFields)`. The message is the
 * translated msgKey. A schema picked from the contracts (`(c) => …`) is loaded on the first check, so a form
 * page does not load zod and the schemas before it shows.
 */
export function zodRule(schema: SchemaRef, opts: ZodRuleOptions = {}): RuleObject {
  return {
    validator: async (_rule, formValue) => {
      const value = opts.toValue ? opts.toValue(formValue) : formValue;
      const res = await (await resolveSchema(schema)).safeParseAsync(value);
      if (res.success) return;
      await loadMsg();
      throw new Error(issueText(res.error.issues[0], value, opts.t ?? i18next.t));
    },
  };
}

/**
 * A rule for a field whose check spans fields (a `superRefine` on the request schema, e.g. effective to not
 * before effective from, container types unique across lines): validates all form values and reports only the
 * cross-field issues on `field` — a top-level name (any issue under it), or a path such as
 * `['rate_containers', 2, 'amount']` (exactly that path, for a line of a Form.List).
 */
export function zodFormRule(
  schema: SchemaRef,
  field: string | readonly (string | number)[],
  toRequest: (values: Record<string, unknown>) => unknown,
  t?: TFunction,
): (form: Pick<FormInstance, 'getFieldsValue'>) => RuleObject {
  const exact = typeof field === 'string' ? null : JSON.stringify(field);
  const on = (path: readonly PropertyKey[]) =>
    exact === null ? path[0] === field : JSON.stringify(path) === exact;
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const res = await (await resolveSchema(schema)).safeParseAsync(toRequest(values));
      if (res.success) return;
      // Only the cross-field checks: the field's own rule (zodRule) reports the rest.
      const issue = res.error.issues.find((i) => i.code === 'custom' && on(i.path));
      if (!issue) return;
      await loadMsg();
      const value = (typeof field === 'string' ? [field] : field).reduce<unknown>(
        (v, k) => (v as Record<string | number, unknown> | undefined)?.[k],
        values,
      );
      throw new Error(issueText(issue, value, t ?? i18next.t));
    },
  });
}

/**
 * The translated text of a message key of the `msg` namespace, once that namespace is loaded (it loads when a
 * message is first needed, not with the page). For validators and event handlers:
 * `throw new Error(await msgTextOf('msgStrongPWRequired'))`, `message.error(await msgTextOf(key))`.
 */
export async function msgTextOf(key: string, params?: Record<string, unknown>): Promise<string> {
  await loadMsg();
  return i18next.t(key, { ns: 'msg', ...(params ?? {}) });
}

const isBlank = (v: unknown, whitespace?: boolean) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (whitespace === true && typeof v === 'string' && v.trim() === '');

/**
 * `{ required: true, message: t('msg:…') }` without loading the messages with the page: the field is still
 * marked required, and the text of `key` (default msgFieldRequired) is translated when the check fails.
 * Empty is what antd's required rule calls empty (undefined, null, '', []), and with `whitespace` also blanks.
 */
export function requiredMsgRule(key = 'msgFieldRequired', opts: { whitespace?: boolean } = {}): RuleObject {
  return {
    required: true,
    validator: async (_rule, value) => {
      if (isBlank(value, opts.whitespace)) throw new Error(await msgTextOf(key));
    },
  };
}

/** `{ pattern, message: t('msg:…') }` with the message translated when the check fails (empty passes). */
export function patternMsgRule(pattern: RegExp, key: string): RuleObject {
  return {
    validator: async (_rule, value) => {
      if (isBlank(value)) return;
      pattern.lastIndex = 0;
      if (!pattern.test(String(value))) throw new Error(await msgTextOf(key));
    },
  };
}
