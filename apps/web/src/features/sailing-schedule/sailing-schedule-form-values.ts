import { DATE_FORMAT, type TCreateSailingScheduleRequest, type TSailingSchedule } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** One leg in the form: dates as dayjs, ports as UN/LOCODEs. */
export interface LegFormValues {
  etd: Dayjs | null;
  eta: Dayjs | null;
  vessel_name: string;
  voyage: string;
  service_code: string;
  port_from?: string;
  port_to?: string;
}

/** The sailing form's values: dates and cut-offs as dayjs, optional texts as ''. */
export interface SailingFormValues {
  carrier_code?: string;
  vessel_name: string;
  imo: string;
  voyage: string;
  service_name: string;
  service_code: string;
  pol?: string;
  pod?: string;
  etd: Dayjs | null;
  eta: Dayjs | null;
  transshipment_port?: string;
  cfs_cutoff: Dayjs | null;
  cy_cutoff: Dayjs | null;
  vgm_cutoff: Dayjs | null;
  si_cutoff: Dayjs | null;
  is_manual: boolean;
  is_tbc: boolean;
  status: string;
  legs: LegFormValues[];
}

/** A date form value as 'YYYY-MM-DD', or null. */
export const dateValue = (v: unknown): string | null =>
  dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : typeof v === 'string' && v ? v : null;
/** A cut-off form value as port-local 'YYYY-MM-DDTHH:mm', or null. */
export const minuteValue = (v: unknown): string | null =>
  dayjs.isDayjs(v) && v.isValid() ? v.format('YYYY-MM-DDTHH:mm') : typeof v === 'string' && v ? v : null;
const day = (v: string | null) => (v ? dayjs(v) : null);

/** An empty leg, starting where the previous one ended. */
export const emptyLeg = (from?: string, etd: Dayjs | null = null): LegFormValues => ({
  etd,
  eta: null,
  vessel_name: '',
  voyage: '',
  service_code: '',
  port_from: from,
  port_to: undefined,
});

/** Form values for a loaded sailing, or the defaults of a new one (active, manual, not TBC, no legs). */
export function toFormValues(s: TSailingSchedule | null): SailingFormValues {
  if (!s) {
    return {
      carrier_code: undefined,
      vessel_name: '',
      imo: '',
      voyage: '',
      service_name: '',
      service_code: '',
      pol: undefined,
      pod: undefined,
      etd: null,
      eta: null,
      transshipment_port: undefined,
      cfs_cutoff: null,
      cy_cutoff: null,
      vgm_cutoff: null,
      si_cutoff: null,
      is_manual: true,
      is_tbc: false,
      status: 'A',
      legs: [],
    };
  }
  return {
    carrier_code: s.carrier_code,
    vessel_name: s.vessel_name,
    imo: s.imo ?? '',
    voyage: s.voyage,
    service_name: s.service_name ?? '',
    service_code: s.service_code ?? '',
    pol: s.pol,
    pod: s.pod,
    etd: day(s.etd),
    eta: day(s.eta),
    transshipment_port: s.transshipment_port ?? undefined,
    cfs_cutoff: day(s.cfs_cutoff),
    cy_cutoff: day(s.cy_cutoff),
    vgm_cutoff: day(s.vgm_cutoff),
    si_cutoff: day(s.si_cutoff),
    is_manual: s.is_manual,
    is_tbc: s.is_tbc,
    status: s.status,
    legs: s.legs.map((l) => ({
      etd: day(l.etd),
      eta: day(l.eta),
      vessel_name: l.vessel_name,
      voyage: l.voyage,
      service_code: l.service_code ?? '',
      port_from: l.port_from,
      port_to: l.port_to,
    })),
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const code = (v: unknown) => text(v).toUpperCase();

/** The request body for form values, passed as typed: the contracts schema decides validity. */
export function toRequest(
  values: Partial<Record<keyof SailingFormValues, unknown>>,
): TCreateSailingScheduleRequest {
  const legs = Array.isArray(values.legs)
    ? (values.legs as Partial<Record<keyof LegFormValues, unknown>>[])
    : [];
  return {
    carrier_code: code(values.carrier_code),
    vessel_name: text(values.vessel_name),
    imo: text(values.imo) || null,
    voyage: text(values.voyage),
    service_name: text(values.service_name) || null,
    service_code: code(values.service_code) || null,
    pol: code(values.pol),
    pod: code(values.pod),
    etd: dateValue(values.etd) ?? '',
    eta: dateValue(values.eta) ?? '',
    transshipment_port: code(values.transshipment_port) || null,
    cfs_cutoff: minuteValue(values.cfs_cutoff),
    cy_cutoff: minuteValue(values.cy_cutoff),
    vgm_cutoff: minuteValue(values.vgm_cutoff),
    si_cutoff: minuteValue(values.si_cutoff),
    is_manual: values.is_manual === true,
    is_tbc: values.is_tbc === true,
    status: values.status as TCreateSailingScheduleRequest['status'],
    legs: legs.map((l) => ({
      etd: dateValue(l?.etd) ?? '',
      eta: dateValue(l?.eta) ?? '',
      vessel_name: text(l?.vessel_name),
      voyage: text(l?.voyage),
      service_code: code(l?.service_code) || null,
      port_from: code(l?.port_from),
      port_to: code(l?.port_to),
    })),
  };
}
