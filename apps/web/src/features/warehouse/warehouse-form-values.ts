import type { TCreateWarehouseRequest, TWarehouse } from '@portal/contracts';

const TEXT_FIELDS = [
  'warehouse_code',
  'warehouse_name',
  'address1',
  'address2',
  'address3',
  'address4',
  'local_address1',
  'local_address2',
  'local_address3',
  'local_address4',
  'tel',
  'contact_person',
  'contact_email',
  'remark',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** The warehouse form's values: every text as a string ('' when empty). */
export type WarehouseFormValues = Record<TextField, string> & { status: string };

/** Form values for a loaded warehouse, or the defaults of a new one (active). */
export function toFormValues(w: TWarehouse | null): WarehouseFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, w?.[f] ?? ''])) as Record<TextField, string>;
  return { ...values, status: w?.status ?? 'A' };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The request body for form values: trimmed, the code upper-cased, blanks as null. The contracts schema
 * decides validity, so the client and the server judge the same thing.
 */
export function toRequest(
  values: Partial<Record<keyof WarehouseFormValues, unknown>>,
): TCreateWarehouseRequest {
  const opt = (f: TextField) => text(values[f]) || null;
  return {
    warehouse_code: text(values.warehouse_code).toUpperCase(),
    warehouse_name: text(values.warehouse_name),
    address1: opt('address1'),
    address2: opt('address2'),
    address3: opt('address3'),
    address4: opt('address4'),
    local_address1: opt('local_address1'),
    local_address2: opt('local_address2'),
    local_address3: opt('local_address3'),
    local_address4: opt('local_address4'),
    tel: opt('tel'),
    contact_person: opt('contact_person'),
    contact_email: opt('contact_email'),
    remark: opt('remark'),
    status: values.status as TCreateWarehouseRequest['status'],
  };
}
