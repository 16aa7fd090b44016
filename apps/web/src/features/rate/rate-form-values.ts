import { DATE_FORMAT, type TCreateRateRequest, type TRate } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The rate form's values: dates as dayjs, amounts as typed strings (never floats). */
export interface RateFormValues {
  source_key: string;
  carrier_code?: string;
  pol?: string;
  pod?: string;
  service: string;
  currency: string;
  valid_from: Dayjs | null;
  valid_to: Dayjs | null;
  transit_days: number | null;
  free_time_days: number | null;
  remarks: string;
  status: string;
  rate_containers: { container_type?: string; amount: string }[];
}

const dateValue = (v: unknown): string | null =>
  dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : typeof v === 'string' && v ? v : null;

/** Form values for a loaded rate, or the defaults of a new one (FCL, USD, active, one empty line). */
export function toFormValues(r: TRate | null): RateFormValues {
  if (!r) {
    return {
      source_key: '',
      service: 'FCL',
      currency: 'USD',
      valid_from: null,
      valid_to: null,
      transit_days: null,
      free_time_days: null,
      remarks: '',
      status: 'A',
      rate_containers: [{ container_type: undefined, amount: '' }],
    };
  }
  return {
    source_key: r.source_key,
    carrier_code: r.carrier_code,
    pol: r.pol,
    pod: r.pod,
    service: r.service,
    currency: r.currency,
    valid_from: dayjs(r.valid_from),
    valid_to: dayjs(r.valid_to),
    transit_days: r.transit_days,
    free_time_days: r.free_time_days,
    remarks: r.remarks ?? '',
    status: r.status,
    rate_containers: r.rate_containers.map((c) => ({ ...c })),
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const int = (v: unknown) => (typeof v === 'number' ? v : null);

/** The request body for form values, passed as typed: the contracts schema decides validity. */
export function toRequest(values: Partial<Record<keyof RateFormValues, unknown>>): TCreateRateRequest {
  const lines = Array.isArray(values.rate_containers)
    ? (values.rate_containers as { container_type?: unknown; amount?: unknown }[])
    : [];
  return {
    source_key: text(values.source_key).toUpperCase(),
    carrier_code: text(values.carrier_code).toUpperCase(),
    pol: text(values.pol).toUpperCase(),
    pod: text(values.pod).toUpperCase(),
    service: values.service as TCreateRateRequest['service'],
    currency: text(values.currency).toUpperCase(),
    valid_from: dateValue(values.valid_from) ?? '',
    valid_to: dateValue(values.valid_to) ?? '',
    transit_days: int(values.transit_days),
    free_time_days: int(values.free_time_days),
    remarks: text(values.remarks) || null,
    status: values.status as TCreateRateRequest['status'],
    rate_containers: lines.map((l) => ({
      container_type: l?.container_type as TCreateRateRequest['rate_containers'][number]['container_type'],
      amount: text(l?.amount),
    })),
  };
}
