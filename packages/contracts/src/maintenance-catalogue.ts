// ---------------------------------------------------------------------------------------------------------
// The maintenance lists' constants without zod (issue 20): sort keys, filter fields and the values their select
// filters offer, so a list screen does not load the schemas (a module with top-level z.object(...) calls is kept
// whole by the bundler). Each schema module re-exports its own, so `@portal/contracts` imports are unchanged.
// ---------------------------------------------------------------------------------------------------------
import type { TFilterFieldType } from './list-catalogue';

// ---- role ----
export const ROLE_SORTABLE = ['code', 'name', 'updated_at'] as const;

// ---- party-group ----
/** What kind of parties a group gathers. */
export const PARTY_GROUP_TYPES = ['CUSTOMER', 'AGENT', 'VENDOR', 'OTHER'] as const;
export const PARTY_GROUP_SORTABLE = [
  'party_group_id',
  'group_name',
  'group_type',
  'sub_group',
  'updated_at',
] as const;
/** Fields a party group custom filter may use, with their kind (the server's whitelist has the same names). */
export const PARTY_GROUP_FILTER_FIELDS = {
  group_name: 'text',
  group_type: 'select',
  sub_group: 'text',
} as const satisfies Record<string, TFilterFieldType>;

// ---- sys-notice ----
/** NOTICE: a persistent popup after sign-in; ALERT: a modal while valid (000 §4). */
export const SYS_NOTICE_TYPES = ['NOTICE', 'ALERT'] as const;
export const SYS_NOTICE_SORTABLE = [
  'notice_title',
  'notice_type',
  'valid_from',
  'valid_to',
  'updated_at',
] as const;
/** current: valid now; future: not yet valid; past: expired. */
export const SYS_NOTICE_VALIDITIES = ['current', 'future', 'past'] as const;
/**
 * The business time zone of notice dates: "with the 8 hour offset" (000 §4) is Hong Kong time, UTC+8.
 * Dates are stored as instants (UTC); the maintenance screen enters and shows them in UTC+8, and a date
 * string without a zone is read as UTC+8.
 */
export const NOTICE_UTC_OFFSET_HOURS = 8;

// ---- tradelane ----
/** Direction of a trade lane as seen from the handling office. */
export const TRADELANE_TYPES = ['EXPORT', 'IMPORT', 'CROSS_TRADE'] as const;
/** Which side of the shipment the lane's customer is. */
export const TRADELANE_CUSTOMER_TYPES = ['SHIPPER', 'CONSIGNEE', 'AGENT'] as const;
export const TRADELANE_SORTABLE = [
  'tradelane_id',
  'tradelane_name',
  'tradelane_type',
  'pol_country',
  'pod_country',
  'office_code',
  'effective_date',
  'updated_at',
] as const;
/** Fields a trade lane custom filter may use, with their kind (the server's whitelist has the same names). */
export const TRADELANE_FILTER_FIELDS = {
  tradelane_name: 'text',
  tradelane_type: 'select',
  pol_country: 'select',
  pod_country: 'select',
  office_code: 'select',
  account_code: 'text',
  customer_type: 'select',
  customer_code: 'text',
  effective_date: 'date',
} as const satisfies Record<string, TFilterFieldType>;

// ---- carrier ----
export const CARRIER_ALLIANCES = ['GEMINI', 'OCEAN', 'PREMIER', 'MSC', 'NONE'] as const;
export const CARRIER_TYPES = ['OCEAN', 'NVOCC', 'AIR', 'RAIL'] as const;
export const CARRIER_STATUSES = ['A', 'I'] as const;
export const CARRIER_SORTABLE = [
  'carrier_code',
  'scac',
  'display_name',
  'full_name',
  'alliance',
  'carrier_type',
  'effective_from',
  'effective_to',
  'status',
  'updated_at',
] as const;
/** Fields a carrier custom filter may use, with their kind (which operators apply). */
export const CARRIER_FILTER_FIELDS = {
  carrier_code: 'select',
  scac: 'text',
  display_name: 'text',
  full_name: 'text',
  alliance: 'select',
  carrier_type: 'select',
  status: 'select',
  effective_from: 'date',
  effective_to: 'date',
} as const satisfies Record<string, TFilterFieldType>;

// ---- warehouse ----
export const WAREHOUSE_STATUSES = ['A', 'I'] as const;
export const WAREHOUSE_SORTABLE = [
  'warehouse_code',
  'warehouse_name',
  'contact_person',
  'status',
  'updated_at',
] as const;
/** Fields a warehouse custom filter may use, with their kind (the server's whitelist has the same names). */
export const WAREHOUSE_FILTER_FIELDS = {
  warehouse_code: 'text',
  warehouse_name: 'text',
  contact_person: 'text',
  contact_email: 'text',
  tel: 'text',
  status: 'select',
} as const satisfies Record<string, TFilterFieldType>;

// ---- webhook ----
export const WEBHOOK_SORTABLE = ['party_code', 'url', 'updated_at'] as const;

// ---- registration ----
/** Status of a registration: P pending (activation and approval), A approved, R rejected. */
export const REGISTRATION_STATUSES = ['P', 'A', 'R'] as const;
/** SIS: a user from the SIS directory; APPLICATION: a registration without SIS. */
export const REGISTRATION_KINDS = ['SIS', 'APPLICATION'] as const;
export const REGISTRATION_SORTABLE = ['user_registration_id', 'login_id', 'company', 'created_at'] as const;
export const REGISTRATION_FILTER_FIELDS = {
  login_id: 'text',
  company: 'text',
  kind: 'select',
} as const satisfies Record<string, TFilterFieldType>;

// ---- routing-template ----
export const ROUTING_TEMPLATE_SORTABLE = [
  'name',
  'pod',
  'pld',
  'fd',
  'effective_from',
  'effective_to',
  'updated_at',
] as const;
/** Fields a routing template custom filter may use, with their kind (the server's whitelist has the same names). */
export const ROUTING_TEMPLATE_FILTER_FIELDS = {
  name: 'text',
  pod: 'select',
  pld: 'select',
  fd: 'select',
  effective_from: 'date',
  effective_to: 'date',
} as const satisfies Record<string, TFilterFieldType>;
