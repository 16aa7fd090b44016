import {
  BOOKING_PARTY_FIELDS,
  type TBooking,
  type TShippingOrderFields,
  type TShippingOrderInput,
} from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The booking form's values: texts as '' when empty, picked parties as the picker's string value, dates as
 * dayjs (or null), lines as arrays of the same shape. `toRequest` turns them back into the API body; the
 * contracts schema (ZShippingOrderFields) decides validity.
 */
export type BookingFormValues = Record<string, unknown>;

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DDTHH:mm';

// biome-ignore format: a list of names
const TEXT_FIELDS = [
  'po_no', 'master_so_no', 'salesman', 'vessel_name', 'voyage', 'incoterms_location', 'un_no', 'commodity',
  'marks', 'goods_description', 'gross_weight', 'cbm', 'contract_no', 'shipper_ref', 'agent_ref',
  'consignee_ref', 'forwarder_ref',
] as const;
// biome-ignore format: a list of names
const SELECT_FIELDS = [
  'transport_mode', 'service_type', 'delivery_type', 'business_type', 'handling_office', 'por', 'pol', 'pod',
  'pld', 'fd', 'carrier_code', 'incoterms', 'freight_term', 'package_unit', 'space_status',
  'booking_condition', 'contract_type', 'transport_document',
] as const;
export const PARTY_FIELDS = BOOKING_PARTY_FIELDS;
const BOOL_FIELDS = ['is_dangerous', 'is_consolidatable', 'is_to_order', 'hide_party_address'] as const;
export const DATE_FIELDS = ['etd', 'eta', 'pld_eta', 'fd_eta', 'cargo_ready_date', 'projected_etd'] as const;
export const CLOSING_FIELDS = ['cfs_closing', 'cy_closing', 'vgm_closing', 'si_closing'] as const;
const ID_FIELDS = ['sailing_id', 'rate_id'] as const;

const CONTAINER_DATES = ['ex_factory_date'] as const;
const CONTAINER_TIMES = ['cfs_received_at', 'cy_gate_in_at'] as const;

/** Which tab holds each top-level field, so a failed save opens the tab of the first error. */
export const FIELD_TAB: Record<string, string> = {
  ...Object.fromEntries(
    ['incoterms', 'incoterms_location', 'freight_term', 'is_dangerous', 'un_no', 'commodity', 'marks', 'goods_description', 'package_qty', 'package_unit', 'gross_weight', 'cbm', 'space_status', 'booking_condition', 'is_consolidatable', 'originals_count', 'transport_document', 'is_to_order', 'hide_party_address', 'equipment', 'containers', 'hs_lines'].map((f) => [f, 'details']),
  ),
  isf_parties: 'isf',
  ens_parties: 'filing',
}; // biome-ignore format: field lists per tab
export const tabOfField = (field: string | number | undefined) => FIELD_TAB[String(field)] ?? 'header';

/** True when a required form value is still empty: '' / null, or lines none of which is filled in. */
function emptyValue(field: string, v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return !v.trim();
  if (Array.isArray(v)) {
    // A requested-equipment line counts once it has its size/type (a new form's line starts with qty 1).
    if (field === 'equipment')
      return !v.some((l) => l && typeof l === 'object' && (l as { size_type?: unknown }).size_type);
    return v.length === 0;
  }
  return false;
}

/** How many of the `required` fields are still empty, per tab (the tabs' required markers, issue 39). */
export function requiredLeftByTab(
  values: BookingFormValues,
  required: readonly string[],
): Record<string, number> {
  const left: Record<string, number> = {};
  for (const f of required) {
    if (!f || !emptyValue(f, values[f])) continue;
    const tab = tabOfField(f);
    left[tab] = (left[tab] ?? 0) + 1;
  }
  return left;
}

const toDay = (v: string | null | undefined, format: string): Dayjs | null => {
  if (!v) return null;
  const d = dayjs(v, format);
  return d.isValid() ? d : null;
};
const isDay = (v: unknown): v is Dayjs => dayjs.isDayjs(v);
/** A form date as the API writes it ('' stays '' so the schema can say "required"). */
export const dateOut = (v: unknown, format = DATE): string | null =>
  isDay(v) ? v.format(format) : typeof v === 'string' ? v : null;
const text = (v: unknown) =>
  typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v);
const orNull = (v: unknown) => text(v) || null;
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const decimalOrNull = (v: unknown) =>
  v === null || v === undefined || v === '' ? null : typeof v === 'number' ? String(v) : text(v) || null;

type Fields = Partial<TShippingOrderFields> & Record<string, unknown>;

/** Form values for a loaded booking, a copy's prefilled fields, or the defaults of a new booking. */
export function toFormValues(b: Fields | TBooking | null): BookingFormValues {
  const src = (b ?? {}) as Fields;
  const v: BookingFormValues = {};
  for (const f of TEXT_FIELDS) v[f] = (src[f] as string | null | undefined) ?? '';
  for (const f of SELECT_FIELDS) v[f] = (src[f] as string | null | undefined) || undefined;
  for (const f of PARTY_FIELDS) v[f] = src[f] ? String(src[f]) : undefined;
  for (const f of BOOL_FIELDS) v[f] = src[f] === true;
  for (const f of DATE_FIELDS) v[f] = toDay(src[f] as string | null, DATE);
  for (const f of CLOSING_FIELDS) v[f] = toDay(src[f] as string | null, DATETIME);
  for (const f of ID_FIELDS) v[f] = (src[f] as number | null | undefined) ?? null;
  v.package_qty = src.package_qty ?? null;
  v.originals_count = src.originals_count ?? 3;
  if (!b) {
    Object.assign(v, {
      transport_mode: 'SEA',
      service_type: 'FCL',
      delivery_type: 'P2P',
      business_type: 'FREEHAND',
      freight_term: 'PREPAID',
      space_status: 'PENDING',
      booking_condition: 'NORMAL',
      transport_document: 'OBL',
    });
  }
  v.equipment = (src.equipment ?? [{ size_type: undefined, qty: 1 }]).map((e) => ({
    size_type: e.size_type || undefined,
    qty: e.qty ?? 1,
  }));
  v.containers = (src.containers ?? []).map((c) => ({
    ...c,
    container_no: c.container_no ?? '',
    size_type: c.size_type || undefined,
    seal_no: c.seal_no ?? '',
    carrier_booking_no: c.carrier_booking_no ?? '',
    gross_weight: c.gross_weight ?? '',
    cbm: c.cbm ?? '',
    vgm_weight: c.vgm_weight ?? '',
    vgm_method: c.vgm_method ?? undefined,
    ex_factory_date: toDay(c.ex_factory_date, DATE),
    cfs_received_at: toDay(c.cfs_received_at, DATETIME),
    cy_gate_in_at: toDay(c.cy_gate_in_at, DATETIME),
  }));
  v.hs_lines = (src.hs_lines ?? []).map((h) => ({ ...h, description: h.description ?? '' }));
  v.isf_parties = src.isf_parties ?? [];
  v.ens_parties = src.ens_parties ?? [];
  return v;
}

type Row = Record<string, unknown>;
const rows = (v: unknown): Row[] =>
  Array.isArray(v) ? (v.filter((r) => r && typeof r === 'object') as Row[]) : [];

/** The request body for form values (internal-only fields left out for external users). */
export function toRequest(values: BookingFormValues, internal = true): TShippingOrderInput {
  const body: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) body[f] = orNull(values[f]);
  for (const f of ['vessel_name', 'voyage'] as const) body[f] = text(values[f]);
  for (const f of SELECT_FIELDS) body[f] = values[f] ?? null;
  for (const f of [
    'transport_mode',
    'service_type',
    'delivery_type',
    'business_type',
    'incoterms',
    'freight_term',
  ] as const)
    body[f] = values[f] ?? undefined;
  for (const f of ['handling_office', 'pol', 'pod', 'pld', 'fd', 'carrier_code'] as const)
    body[f] = text(values[f]);
  for (const f of ['space_status', 'booking_condition', 'transport_document'] as const)
    body[f] = values[f] ?? undefined;
  for (const f of PARTY_FIELDS) body[f] = values[f] ? Number(values[f]) : null;
  for (const f of BOOL_FIELDS) body[f] = values[f] === true;
  for (const f of DATE_FIELDS) body[f] = dateOut(values[f]) ?? null;
  for (const f of ['etd', 'eta', 'cargo_ready_date'] as const) body[f] = dateOut(values[f]) ?? '';
  for (const f of CLOSING_FIELDS) body[f] = dateOut(values[f], DATETIME) ?? '';
  for (const f of ID_FIELDS) body[f] = numOrNull(values[f]);
  body.gross_weight = decimalOrNull(values.gross_weight);
  body.cbm = decimalOrNull(values.cbm);
  body.package_qty = numOrNull(values.package_qty);
  body.originals_count = numOrNull(values.originals_count) ?? 0;
  body.equipment = rows(values.equipment).map((e) => ({
    size_type: text(e.size_type),
    qty: numOrNull(e.qty) ?? 0,
  }));
  body.containers = rows(values.containers).map((c) => ({
    container_no: orNull(c.container_no),
    size_type: text(c.size_type),
    seal_no: orNull(c.seal_no),
    carrier_booking_no: orNull(c.carrier_booking_no),
    package_qty: numOrNull(c.package_qty),
    gross_weight: decimalOrNull(c.gross_weight),
    cbm: decimalOrNull(c.cbm),
    ...Object.fromEntries(CONTAINER_DATES.map((f) => [f, dateOut(c[f])])),
    ...Object.fromEntries(CONTAINER_TIMES.map((f) => [f, dateOut(c[f], DATETIME)])),
    vgm_weight: decimalOrNull(c.vgm_weight),
    vgm_method: c.vgm_method ?? null,
  }));
  body.hs_lines = rows(values.hs_lines).map((h) => ({
    hs_code: text(h.hs_code),
    description: orNull(h.description),
    package_qty: numOrNull(h.package_qty) ?? undefined,
    gross_weight: decimalOrNull(h.gross_weight) ?? '',
    cbm: decimalOrNull(h.cbm) ?? '',
  }));
  body.isf_parties = rows(values.isf_parties);
  body.ens_parties = rows(values.ens_parties);
  if (!internal) {
    delete body.contract_type;
    delete body.contract_no;
    delete body.hide_party_address;
  }
  return body as TShippingOrderInput;
}

/** A comparable snapshot of form values, to tell whether the form holds unsaved changes. */
export const snapshot = (values: BookingFormValues) => JSON.stringify(toRequest(values));
