import { DATE_FORMAT, type TCreateTradelaneRequest, type TTradelane } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The trade lane form's values: the date as dayjs for the DatePicker, optional codes as ''. */
export interface TradelaneFormValues {
  tradelane_name: string;
  tradelane_type?: string;
  pol_country?: string;
  pod_country?: string;
  office_code?: string;
  account_code: string;
  effective_date: Dayjs | null;
  customer_type?: string;
  customer_code: string;
}

/** A date form value as 'YYYY-MM-DD' (what the API takes), or null. */
export const dateValue = (v: unknown): string | null =>
  dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : typeof v === 'string' && v ? v : null;

/** Form values for a loaded trade lane, or the defaults of a new one (effective today). */
export function toFormValues(l: TTradelane | null, today: Dayjs = dayjs()): TradelaneFormValues {
  return {
    tradelane_name: l?.tradelane_name ?? '',
    tradelane_type: l?.tradelane_type,
    pol_country: l?.pol_country,
    pod_country: l?.pod_country,
    office_code: l?.office_code,
    account_code: l?.account_code ?? '',
    effective_date: l ? dayjs(l.effective_date) : today.startOf('day'),
    customer_type: l?.customer_type ?? undefined,
    customer_code: l?.customer_code ?? '',
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const code = (v: unknown) => text(v).toUpperCase();

/** The request body for form values; the contracts schema decides validity on both sides. */
export function toRequest(
  values: Partial<Record<keyof TradelaneFormValues, unknown>>,
): TCreateTradelaneRequest {
  return {
    tradelane_name: text(values.tradelane_name),
    tradelane_type: values.tradelane_type as TCreateTradelaneRequest['tradelane_type'],
    pol_country: code(values.pol_country),
    pod_country: code(values.pod_country),
    office_code: code(values.office_code),
    account_code: code(values.account_code) || null,
    effective_date: dateValue(values.effective_date) ?? '',
    customer_type: (values.customer_type || null) as TCreateTradelaneRequest['customer_type'],
    customer_code: code(values.customer_code) || null,
  };
}
