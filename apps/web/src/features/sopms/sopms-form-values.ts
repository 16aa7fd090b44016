import { DATE_FORMAT, type TCreateSopmsTemplateRequest, type TSopmsTemplate } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

const LISTS = [
  'account_codes',
  'inv_kinds',
  'office_codes',
  'customer_codes',
  'issue_party_codes',
  'agent_codes',
  'consignee_codes',
  'notify_party_codes',
  'transport_modes',
  'service_types',
] as const;
const DATES = ['etd_from', 'etd_to', 'inv_date_from', 'inv_date_to'] as const;

export type SopmsFormValues = Omit<TCreateSopmsTemplateRequest, (typeof DATES)[number]> &
  Record<(typeof DATES)[number], Dayjs | null>;

/** Form values for a loaded template, or a new one (active, manager-only override, one rule). */
export function toFormValues(r: TSopmsTemplate | null): SopmsFormValues {
  const date = (v: string | null | undefined) => (v ? dayjs(v) : null);
  if (!r)
    return {
      name: '',
      section_code: 'AR',
      validation_group: '',
      description: null,
      override_level: 30,
      status: 'A',
      overseas: 'ANY',
      ...Object.fromEntries(LISTS.map((k) => [k, []])),
      etd_from: null,
      etd_to: null,
      inv_date_from: null,
      inv_date_to: null,
      rules: [{ rule_type: 'REQUIRED_CHARGE', charge_code: '' }],
    } as SopmsFormValues;
  return {
    name: r.name,
    section_code: r.section_code,
    validation_group: r.validation_group,
    description: r.description,
    override_level: r.override_level,
    status: r.status,
    overseas: r.overseas,
    ...Object.fromEntries(LISTS.map((k) => [k, r[k]])),
    etd_from: date(r.etd_from),
    etd_to: date(r.etd_to),
    inv_date_from: date(r.inv_date_from),
    inv_date_to: date(r.inv_date_to),
    rules: r.rules.map(({ rule_id: _id, seq: _seq, ...rule }) => rule),
  } as SopmsFormValues;
}

/** The request body for form values; the contracts schema decides validity, as on the server. */
export function toRequest(v: Record<string, unknown>): TCreateSopmsTemplateRequest {
  const out: Record<string, unknown> = { ...v };
  for (const k of DATES) {
    const d = v[k];
    out[k] = dayjs.isDayjs(d) && d.isValid() ? d.format(DATE_FORMAT) : null;
  }
  for (const k of LISTS) out[k] = Array.isArray(v[k]) ? v[k] : [];
  out.rules = ((v.rules as Record<string, unknown>[] | undefined) ?? []).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, x]) => [k, x === '' || x === undefined ? null : x])),
  );
  return out as TCreateSopmsTemplateRequest;
}
