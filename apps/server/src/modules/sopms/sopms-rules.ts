import {
  money,
  type TSopmsRuleType,
  type TSopmsTemplateInput,
  type TSopmsViolationCode,
} from '@portal/contracts';
import type { InvoiceFacts, SopmsRuleRow, SopmsTemplateRow } from './sopms.repository';

/** One broken rule before the caller's role and earlier overrides are known. */
export interface RawViolation {
  tmplib_id: number;
  template_name: string;
  validation_group: string;
  override_level: number;
  rule_id: number;
  rule_type: TSopmsRuleType;
  code: TSopmsViolationCode;
  charge_code: string | null;
  expected: string | null;
  actual: string | null;
  line_no: number | null;
  /** Names the template version, the rule and what the invoice had: an override holds for exactly this. */
  key: string;
}

const same = (a: string, b: string) => money.compare(a, b) === 0;
/** "1850.0000" → "1850" (numeric columns keep 4 decimals). */
const norm = (v: string) => money.add(v, '0');

/**
 * The rules of one template checked against the invoice's lines (issue 16): a required charge must be on
 * the invoice, each of its lines at the rate and within the unit-price bounds when given; a forbidden
 * charge must not be on any line; a tax rule wants its tax code on every line (of its charge, when it names
 * one) and the invoice's sub-type.
 */
export function evaluateRules(tpl: SopmsTemplateRow, rules: SopmsRuleRow[], f: InvoiceFacts): RawViolation[] {
  const out: RawViolation[] = [];
  const add = (
    r: SopmsRuleRow,
    code: TSopmsViolationCode,
    o: { expected?: string | null; actual?: string | null; line_no?: number | null } = {},
  ) =>
    out.push({
      tmplib_id: tpl.tmplib_id,
      template_name: tpl.name,
      validation_group: tpl.validation_group,
      override_level: tpl.override_level,
      rule_id: r.rule_id,
      rule_type: r.rule_type as TSopmsRuleType,
      code,
      charge_code: r.charge_code,
      expected: o.expected ?? null,
      actual: o.actual ?? null,
      line_no: o.line_no ?? null,
      key: [tpl.tmplib_id, tpl.version, r.rule_id, code, o.line_no ?? '', o.actual ?? ''].join(':'),
    });
  for (const r of rules) {
    const lines = r.charge_code ? f.lines.filter((l) => l.charge_code === r.charge_code) : f.lines;
    if (r.rule_type === 'REQUIRED_CHARGE') {
      if (!lines.length) {
        add(r, 'missingCharge');
        continue;
      }
      for (const l of lines) {
        if (r.rate && !same(l.unit_price, r.rate))
          add(r, 'rateMismatch', { expected: norm(r.rate), actual: norm(l.unit_price), line_no: l.line_no });
        const low = r.min_amount && money.compare(l.unit_price, r.min_amount) < 0;
        const high = r.max_amount && money.compare(l.unit_price, r.max_amount) > 0;
        if (low || high)
          add(r, 'outOfBounds', {
            expected: `${r.min_amount ? norm(r.min_amount) : ''}–${r.max_amount ? norm(r.max_amount) : ''}`,
            actual: norm(l.unit_price),
            line_no: l.line_no,
          });
      }
    } else if (r.rule_type === 'FORBIDDEN_CHARGE') {
      for (const l of lines) add(r, 'forbiddenCharge', { line_no: l.line_no });
    } else {
      if (r.tax_code)
        for (const l of lines)
          if (l.tax_code !== r.tax_code)
            add(r, 'taxCodeMismatch', { expected: r.tax_code, actual: l.tax_code, line_no: l.line_no });
      if (r.sub_type && f.sub_type !== r.sub_type)
        add(r, 'subTypeMismatch', { expected: r.sub_type, actual: f.sub_type });
    }
  }
  return out;
}

/**
 * The anchor keys of a template (sopms.tables.ts): the values of its most selective criterion, '*' when it
 * names no code. The order is by how few invoices a value usually matches (an account before an office).
 */
export function anchorKeysOf(v: TSopmsTemplateInput): string[] {
  const order: [string, string[]][] = [
    ['acct', v.account_codes],
    ['cust', v.customer_codes],
    ['cons', v.consignee_codes],
    ['notify', v.notify_party_codes],
    ['issue', v.issue_party_codes],
    ['agent', v.agent_codes],
    ['office', v.office_codes],
    ['kind', v.inv_kinds],
    ['mot', v.transport_modes],
    ['svc', v.service_types],
  ];
  const first = order.find(([, values]) => values.length);
  return first ? first[1].map((x) => `${first[0]}:${x}`) : ['*'];
}
