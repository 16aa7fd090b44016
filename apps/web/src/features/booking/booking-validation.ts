import type { BookingIssue, BookingRuleContext, TShippingOrderInput } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { loadContracts } from '../../shared/form/lazy-schema';
import { issueText } from '../../shared/form/zod-rule';

export interface FieldProblem {
  name: (string | number)[];
  errors: string[];
}

const valueAt = (body: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (cur, p) => (cur && typeof cur === 'object' ? (cur as Record<PropertyKey, unknown>)[p] : undefined),
    body,
  );

/** Adds one message to the field problems (several problems on one field are kept together). */
function add(into: Map<string, FieldProblem>, name: (string | number)[], text: string) {
  const key = JSON.stringify(name);
  const entry = into.get(key) ?? { name, errors: [] };
  if (!entry.errors.includes(text)) entry.errors.push(text);
  into.set(key, entry);
}

/**
 * The client check before saving: the contracts field schema, then the cross-field booking rules (001 §5)
 * on the parsed values, at the form's stage (`ctx.stage`: which fields the user must fill now). Errors go on their fields; warnings are answered with a confirmation.
 */
export async function checkBooking(
  body: TShippingOrderInput,
  t: TFunction,
  ctx: BookingRuleContext = {},
): Promise<{ errors: FieldProblem[]; warnings: BookingIssue[] }> {
  // The schema and rules load with the contracts on the first check, not with the page (issue 20).
  const { ZShippingOrderFields, bookingIssues, missingSailing } = await loadContracts();
  const found = new Map<string, FieldProblem>();
  const parsed = ZShippingOrderFields.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      add(found, name.length ? name : ['equipment'], issueText(issue, valueAt(body, name), t));
    }
    for (const i of missingSailing(body, ctx.stage)) add(found, i.path, t(i.message, { ns: 'msg' }));
    return { errors: [...found.values()], warnings: [] };
  }
  const issues = bookingIssues(parsed.data, ctx);
  for (const i of issues.filter((x) => x.level === 'error'))
    add(found, i.path, t(i.message, { ns: 'msg', ...(i.params ?? {}) }));
  return { errors: [...found.values()], warnings: issues.filter((i) => i.level === 'warning') };
}
