import { DATE_FORMAT, type TCreateRoutingTemplateRequest, type TRoutingTemplate } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The routing template form's values: parties as party_id text (picker values), dates as dayjs. */
export interface RoutingTemplateFormValues {
  name: string;
  customer_party_id: string | null;
  consignee_party_id: string | null;
  pod: string | null;
  pld: string | null;
  fd: string | null;
  effective_from: Dayjs | null;
  effective_to: Dayjs | null;
  can_overwrite: boolean;
  eta_validation: boolean;
}

/** A date form value as 'YYYY-MM-DD', or null. */
export const dateValue = (v: unknown): string | null =>
  dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : typeof v === 'string' && v ? v : null;

/** Form values for a loaded template, or the defaults of a new one (effective from today). */
export function toFormValues(r: TRoutingTemplate | null, today: Dayjs = dayjs()): RoutingTemplateFormValues {
  if (!r) {
    return {
      name: '',
      customer_party_id: null,
      consignee_party_id: null,
      pod: null,
      pld: null,
      fd: null,
      effective_from: today.startOf('day'),
      effective_to: null,
      can_overwrite: true,
      eta_validation: false,
    };
  }
  return {
    name: r.name,
    customer_party_id: r.customer_party_id ? String(r.customer_party_id) : null,
    consignee_party_id: String(r.consignee_party_id),
    pod: r.pod,
    pld: r.pld,
    fd: r.fd,
    effective_from: dayjs(r.effective_from),
    effective_to: r.effective_to ? dayjs(r.effective_to) : null,
    can_overwrite: r.can_overwrite,
    eta_validation: r.eta_validation,
  };
}

const id = (v: unknown) => (typeof v === 'string' && v ? Number(v) : typeof v === 'number' ? v : null);
const code = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : null);

/** The request body for form values; the contracts schema decides validity, as on the server. */
export function toRequest(
  values: Partial<Record<keyof RoutingTemplateFormValues, unknown>>,
): TCreateRoutingTemplateRequest {
  return {
    name: typeof values.name === 'string' ? values.name.trim() : '',
    customer_party_id: id(values.customer_party_id),
    consignee_party_id: id(values.consignee_party_id) as number,
    pod: code(values.pod),
    pld: code(values.pld),
    fd: code(values.fd),
    effective_from: dateValue(values.effective_from) ?? '',
    effective_to: dateValue(values.effective_to),
    can_overwrite: values.can_overwrite === true,
    eta_validation: values.eta_validation === true,
  };
}
