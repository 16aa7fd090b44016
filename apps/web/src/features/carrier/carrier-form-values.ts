import { DATE_FORMAT, type TCarrier, type TCreateCarrierRequest } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The carrier form's values: dates as dayjs for the DatePicker, optional codes as ''. */
export interface CarrierFormValues {
  carrier_code: string;
  scac: string;
  cbsa: string;
  naccs: string;
  display_name: string;
  full_name: string;
  alliance?: string;
  carrier_type?: string;
  effective_from: Dayjs | null;
  effective_to: Dayjs | null;
  status: string;
}

/** A date form value as 'YYYY-MM-DD' (what the API takes), or null. */
export const dateValue = (v: unknown): string | null =>
  dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : typeof v === 'string' && v ? v : null;

/** Form values for a loaded carrier, or the defaults of a new one (active, effective from today). */
export function toFormValues(c: TCarrier | null, today: Dayjs = dayjs()): CarrierFormValues {
  if (!c) {
    return {
      carrier_code: '',
      scac: '',
      cbsa: '',
      naccs: '',
      display_name: '',
      full_name: '',
      alliance: undefined,
      carrier_type: undefined,
      effective_from: today.startOf('day'),
      effective_to: null,
      status: 'A',
    };
  }
  return {
    carrier_code: c.carrier_code,
    scac: c.scac ?? '',
    cbsa: c.cbsa ?? '',
    naccs: c.naccs ?? '',
    display_name: c.display_name,
    full_name: c.full_name,
    alliance: c.alliance,
    carrier_type: c.carrier_type,
    effective_from: c.effective_from ? dayjs(c.effective_from) : null,
    effective_to: c.effective_to ? dayjs(c.effective_to) : null,
    status: c.status,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const code = (v: unknown) => text(v).toUpperCase();

/**
 * The request body for form values. Values are passed as typed (trimmed, codes uppercased); the contracts
 * schema decides validity, so the client and the server judge the same thing.
 */
export function toRequest(values: Partial<Record<keyof CarrierFormValues, unknown>>): TCreateCarrierRequest {
  return {
    carrier_code: code(values.carrier_code),
    scac: code(values.scac) || null,
    cbsa: code(values.cbsa) || null,
    naccs: code(values.naccs) || null,
    display_name: text(values.display_name),
    full_name: text(values.full_name),
    alliance: values.alliance as TCreateCarrierRequest['alliance'],
    carrier_type: values.carrier_type as TCreateCarrierRequest['carrier_type'],
    effective_from: dateValue(values.effective_from) ?? '',
    effective_to: dateValue(values.effective_to),
    status: values.status as TCreateCarrierRequest['status'],
  };
}

/** A comparable snapshot of form values, to tell whether the form holds unsaved changes. */
export const snapshot = (values: Partial<Record<keyof CarrierFormValues, unknown>>) =>
  JSON.stringify(toRequest(values));
