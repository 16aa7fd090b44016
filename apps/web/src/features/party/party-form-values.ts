import type { TCreatePartyRequest, TParty } from '@portal/contracts';

/** The party form's values: texts as '' when empty, the account group as the picker's string value. */
export type PartyFormValues = Record<string, unknown>;

const TEXT_FIELDS = [
  'party_code', 'other_code', 'contact_person', 'short_name', 'full_name', 'cost_centre_code', 'office_code',
  'address1', 'address2', 'address3', 'address4', 'city', 'state', 'zip_postal', 'country_code', 'tel', 'fax',
  'email', 'office_hour_from', 'office_hour_to', 'description', 'sun_suffix', 'ledger_code', 'sun_ac_code',
  'bank_name', 'bank_account_no', 'bank_currency', 'beneficiary_name', 'bic', 'invoice_email', 'tax_id',
  'eori_no', 'sst_no', 'npwp_no', 'agency_agreement_no', 'customs_broker', 'notify_party_code', 'carrier_code',
  'requester_remarks',
] as const; // biome-ignore format: a list of names
const BOOL_FIELDS = [
  'no_edit_name',
  'no_edit_address',
  'no_hbl_printing',
  'is_nominated_agent',
  'is_release_agent',
] as const;
const SELECT_FIELDS = [
  'party_type',
  'status',
  'address_type',
  'contact_type',
  'payment_terms_ar',
  'payment_terms_ap',
] as const;
const INT_FIELDS = ['credit_reminder_days', 'credit_deadline_days'] as const;

/** Which tab holds each field, so a failed save opens the tab of the first error. */
export const FIELD_TAB: Record<string, string> = {
  ...Object.fromEntries(
    ['party_code', 'other_code', 'party_type', 'contact_person', 'short_name', 'full_name', 'status', 'address1', 'address2', 'address3', 'address4', 'city', 'state', 'zip_postal', 'country_code', 'tel', 'fax', 'email', 'address_type', 'contact_type', 'requester_remarks'].map((f) => [f, 'general']),
  ),
  ...Object.fromEntries(
    ['cost_centre_code', 'office_code', 'customer_id', 'office_hour_from', 'office_hour_to', 'description', 'target_offices', 'roles', 'no_edit_name', 'no_edit_address', 'no_hbl_printing'].map((f) => [f, 'details']),
  ),
  ...Object.fromEntries(['sun_suffix', 'ledger_code', 'sun_ac_code'].map((f) => [f, 'ledger'])),
  ...Object.fromEntries(['bank_name', 'bank_account_no', 'bank_currency', 'beneficiary_name', 'bic'].map((f) => [f, 'bank'])),
  ...Object.fromEntries(
    ['credit_limit', 'credit_reminder_days', 'credit_deadline_days', 'payment_terms_ar', 'payment_terms_ap', 'invoice_email', 'tax_id', 'eori_no', 'sst_no', 'npwp_no'].map((f) => [f, 'invoice']),
  ),
  ...Object.fromEntries(['agency_agreement_no', 'is_nominated_agent', 'is_release_agent'].map((f) => [f, 'agent'])),
  ...Object.fromEntries(['customs_broker', 'notify_party_code'].map((f) => [f, 'consignee'])),
  carrier_code: 'carrier',
}; // biome-ignore format: field lists per tab

/** Form values for a loaded party, or the defaults of a new one. */
export function toFormValues(p: TParty | null): PartyFormValues {
  const v: PartyFormValues = {};
  for (const f of TEXT_FIELDS) v[f] = (p?.[f] as string | null | undefined) ?? '';
  for (const f of BOOL_FIELDS) v[f] = p?.[f] ?? false;
  for (const f of SELECT_FIELDS) v[f] = p?.[f] ?? undefined;
  for (const f of INT_FIELDS) v[f] = p?.[f] ?? null;
  v.status = p?.status ?? 'A';
  // A decimal string (money.ts): the form keeps what is typed, the contracts schema refuses a bad one.
  v.credit_limit = p?.credit_limit ?? '0';
  // Picked with SearchSelect: empty is "nothing selected", so the placeholder shows.
  v.country_code = p?.country_code || undefined;
  v.office_code = p?.office_code || undefined;
  v.customer_id = p?.customer_id ? String(p.customer_id) : undefined;
  v.target_offices = p?.target_offices ?? [];
  v.roles = p?.roles ?? [];
  return v;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: unknown) => text(v) || null;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The request body for form values; the contracts schema decides validity. */
export function toRequest(values: PartyFormValues): TCreatePartyRequest {
  const body: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) body[f] = orNull(values[f]);
  for (const f of BOOL_FIELDS) body[f] = values[f] === true;
  for (const f of SELECT_FIELDS) body[f] = values[f] ?? null;
  for (const f of INT_FIELDS) body[f] = num(values[f]);
  for (const f of [
    'party_code',
    'short_name',
    'full_name',
    'address1',
    'country_code',
    'tel',
    'ledger_code',
    'tax_id',
    'requester_remarks',
  ])
    body[f] = text(values[f]);
  const credit = text(values.credit_limit);
  body.credit_limit = credit === '' ? undefined : credit;
  body.customer_id = values.customer_id ? Number(values.customer_id) : null;
  body.target_offices = Array.isArray(values.target_offices) ? values.target_offices : [];
  body.roles = Array.isArray(values.roles) ? values.roles : [];
  return body as TCreatePartyRequest;
}

/** A comparable snapshot of form values, to tell whether the form holds unsaved changes. */
export const snapshot = (values: PartyFormValues) => JSON.stringify(toRequest(values));
