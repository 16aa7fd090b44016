import { z } from 'zod';
import {
  actionBody,
  auditStamps,
  decimalText,
  exportLang,
  isoDate,
  locode,
  optDate,
  optDecimalText,
  optLocalDateTime,
  optText,
  optUpper,
  reqText,
  type SameType,
  upper,
} from './fields';
import { customFiltersParam, listDashboard, listResponse, ZListQuery } from './list';
import { MSG } from './msg-keys';
import { RATE_CONTAINER_TYPES } from './rate-catalogue';
import { zOptEmail } from './validators/email';
import { zOptEori } from './validators/eori';
import { zOptPhone } from './validators/phone';

// ---------------------------------------------------------------------------------------------------------
// Booking: shipping orders (001 §2 Booking, §3 Shipping order, Container line, ISF, ENS, §4, §5 Booking, §9)
// ---------------------------------------------------------------------------------------------------------

export * from './booking-catalogue';

import {
  APPROVAL_STATUSES,
  BOOKING_ACTION_NAMES,
  BOOKING_CONDITIONS,
  BOOKING_LIST_KEYS,
  BOOKING_MSG,
  BOOKING_SORTABLE,
  BOOKING_STATUSES,
  BUSINESS_TYPES,
  CARRIER_BOOKING_STATUSES,
  CONTRACT_TYPES,
  DELIVERY_TYPES,
  ENS_ROLES,
  FREIGHT_TERMS,
  INCOTERMS,
  ISF_ROLES,
  PACKAGE_UNITS,
  SERVICE_TYPES,
  SI_STATUSES,
  SPACE_STATUSES,
  type TBookingAction,
  TRANSPORT_DOCUMENTS,
  TRANSPORT_MODES,
  VGM_METHODS,
} from './booking-catalogue';

// ---- Field schemas -----------------------------------------------------------------------------------

const optLocode = z
  .string()
  .transform(upper)
  .pipe(z.string().regex(/^([A-Z]{2}[A-Z2-9]{3})?$/, MSG.locodeInvalid))
  .nullish()
  .transform((v) => (v ? v : null));
const partyId = z.number({ message: MSG.fieldRequired }).int().positive(MSG.fieldRequired);
const optPartyId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);
/** Decimal as a string with up to 3 decimals ("12.5"); numbers are accepted and converted. */
const decimal = decimalText(12, 3);
const optDecimal = optDecimalText(12, 3);
const qty = z.number({ message: MSG.fieldRequired }).int(MSG.fieldInvalid).min(0, MSG.fieldInvalid).max(1e9);
const country = z
  .string({ message: MSG.fieldRequired })
  .transform(upper)
  .pipe(z.string().regex(/^[A-Z]{2}$/, MSG.fieldRequired));

const sizeType = z.enum(RATE_CONTAINER_TYPES, { message: MSG.fieldRequired });

/** Requested equipment: container size/type and quantity (for LCL-CBM the quantity is cubic metres, rounded up). */
export const ZBookingEquipment = z.object({
  size_type: sizeType,
  qty: z.number({ message: MSG.fieldRequired }).int(MSG.fieldInvalid).min(1, MSG.fieldRequired).max(999),
});

/** A container line (001 §3 Container line). */
export const ZContainerLine = z.object({
  container_no: z
    .string()
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .nullish()
    .transform((v) => (v ? v : null))
    .describe('ISO 6346 container number with check digit'),
  size_type: sizeType,
  seal_no: optText(30),
  carrier_booking_no: optText(40),
  package_qty: qty.nullish().transform((v) => v ?? null),
  gross_weight: optDecimal.describe('kg'),
  cbm: optDecimal,
  ex_factory_date: optDate,
  cfs_received_at: optLocalDateTime,
  cy_gate_in_at: optLocalDateTime,
  vgm_weight: optDecimal.describe('Verified gross mass, kg'),
  vgm_method: z
    .enum(VGM_METHODS)
    .nullish()
    .transform((v) => v ?? null),
});
export type TContainerLine = z.output<typeof ZContainerLine>;

/** Cargo by HS code: totals must align with the containers (001 §5). */
export const ZHsLine = z.object({
  hs_code: z
    .string()
    .trim()
    .regex(/^\d{6,10}$/, MSG.fieldInvalid),
  description: optText(200),
  package_qty: qty,
  gross_weight: decimal,
  cbm: decimal,
});

/** The name and US address of an ISF party or profile. */
const isfAddress = {
  name: reqText(100),
  address1: reqText(100),
  address2: optText(100),
  city: reqText(60),
  state: optText(2),
  zip: optText(10),
};

/** An ISF party (001 §3 ISF parties). */
export const ZIsfParty = z.object({
  role: z.enum(ISF_ROLES),
  ...isfAddress,
  country_code: country,
  country_of_origin: country,
  hts_code: z
    .string({ message: MSG.fieldRequired })
    .trim()
    .regex(/^\d{6,10}$/, MSG.fieldInvalid),
});
export type TIsfParty = z.output<typeof ZIsfParty>;

/** A reusable ISF profile (001 §3 ISF profile). */
export const ZIsfProfileFields = z.object({
  ...isfAddress,
  country: country,
  countryOfOrigin: country,
});
export const ZIsfProfile = ZIsfProfileFields.extend({ isf_profile_id: z.number().int() });
export type TIsfProfile = z.output<typeof ZIsfProfile>;

/** EU entry filing (ENS) party (001 §3). */
export const ZEnsParty = z.object({
  role: z.enum(ENS_ROLES),
  name: reqText(100),
  address1: reqText(100),
  address2: optText(100),
  city: reqText(60),
  state: optText(60),
  zip: optText(20),
  country_code: country,
  phone: zOptPhone(BOOKING_MSG.ensPhoneInvalid),
  email: zOptEmail(),
  eori_no: zOptEori,
});
export type TEnsParty = z.output<typeof ZEnsParty>;

/** Everything a user edits on a shipping order (every field of 001 §3 Shipping order). */
export const ZShippingOrderFields = z.object({
  // References
  po_no: optText(40),
  master_so_no: optText(20),
  // Transport
  transport_mode: z.enum(TRANSPORT_MODES, { message: MSG.fieldRequired }),
  service_type: z.enum(SERVICE_TYPES, { message: MSG.fieldRequired }),
  delivery_type: z.enum(DELIVERY_TYPES, { message: MSG.fieldRequired }),
  business_type: z.enum(BUSINESS_TYPES, { message: MSG.fieldRequired }),
  // Parties (party_id of parties) and places (UN/LOCODE)
  shipper_id: partyId,
  customer_id: partyId,
  consignee_id: partyId,
  notify_id: optPartyId,
  nomination_agent_id: optPartyId.describe('Nomination or release agent is required'),
  release_agent_id: optPartyId,
  salesman: optText(20).describe('Sales code'),
  handling_office: z
    .string({ message: MSG.fieldRequired })
    .transform(upper)
    .pipe(z.string().min(1, MSG.fieldRequired).max(10)),
  por: optLocode,
  pol: locode,
  pod: locode,
  pld: locode,
  fd: locode,
  // Dates
  etd: isoDate.describe('ETD at POL'),
  eta: isoDate.describe('ETA at POD'),
  pld_eta: optDate,
  fd_eta: optDate,
  cargo_ready_date: isoDate,
  projected_etd: optDate.describe('For a TBC sailing: the ETD used for job and HBL numbering'),
  // Sailing: sailing_id when chosen from the schedules. Carrier, vessel, voyage and the four closings may be
  // blank on an e-booking or a new manual booking; bookingIssues requires them once the booking is
  // confirmed (SAILING_FIELDS / sailingRequired in booking-rules.ts, docs/booking.md "Required fields").
  sailing_id: optPartyId,
  carrier_code: optUpper(4),
  vessel_name: optUpper(60),
  voyage: optUpper(20),
  rate_id: optPartyId,
  cfs_closing: optLocalDateTime.describe('CFS closing, port-local YYYY-MM-DDTHH:mm'),
  cy_closing: optLocalDateTime,
  vgm_closing: optLocalDateTime,
  si_closing: optLocalDateTime,
  // Terms and cargo
  incoterms: z.enum(INCOTERMS, { message: MSG.fieldRequired }),
  incoterms_location: optText(60),
  freight_term: z.enum(FREIGHT_TERMS, { message: MSG.fieldRequired }),
  is_dangerous: z.boolean().default(false),
  un_no: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, MSG.fieldInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
  commodity: optText(100),
  marks: optText(2000),
  goods_description: optText(4000),
  package_qty: qty.nullish().transform((v) => v ?? null),
  package_unit: z
    .enum(PACKAGE_UNITS)
    .nullish()
    .transform((v) => v ?? null),
  gross_weight: optDecimal.describe('kg'),
  cbm: optDecimal,
  space_status: z.enum(SPACE_STATUSES).default('PENDING'),
  booking_condition: z.enum(BOOKING_CONDITIONS).default('NORMAL'),
  // Contract (internal users only) and references
  contract_type: z
    .enum(CONTRACT_TYPES)
    .nullish()
    .transform((v) => v ?? null),
  contract_no: optText(40),
  shipper_ref: optText(60),
  agent_ref: optText(60),
  consignee_ref: optText(60),
  forwarder_ref: optText(60),
  // Flags and documents
  is_consolidatable: z.boolean().default(false),
  originals_count: z.number().int().min(0).max(9).default(3),
  transport_document: z.enum(TRANSPORT_DOCUMENTS).default('OBL'),
  is_to_order: z.boolean().default(false),
  hide_party_address: z
    .boolean()
    .default(false)
    .describe('House doc hides shipper/consignee address (manager)'),
  // Lines
  equipment: z.array(ZBookingEquipment).min(1, BOOKING_MSG.containersRequired).max(20),
  containers: z.array(ZContainerLine).max(200).default([]),
  hs_lines: z.array(ZHsLine).max(100).default([]),
  isf_parties: z.array(ZIsfParty).max(ISF_ROLES.length).default([]),
  ens_parties: z.array(ZEnsParty).max(ENS_ROLES.length).default([]),
});
export type TShippingOrderFields = z.output<typeof ZShippingOrderFields>;
export type TShippingOrderInput = z.input<typeof ZShippingOrderFields>;

/** Fields only internal users see and set (001 §6). */
export const INTERNAL_ONLY_FIELDS = ['contract_type', 'contract_no', 'hide_party_address'] as const;

export const ZCreateBooking = ZShippingOrderFields;
export const ZUpdateBooking = ZShippingOrderFields.extend({ version: z.number().int() });
/** An action on a booking: the version the user saw, and the reason when the action needs one. */
export const ZBookingActionBody = z.object(actionBody);

/** A party as shown on a booking. */
export const ZBookingPartyRef = z.object({
  party_id: z.number().int(),
  party_code: z.string(),
  full_name: z.string(),
});

// ---- Answers -------------------------------------------------------------------------------------------
// The field schemas above parse what a user sends (trim, upper-case, blank → null: transforms); a response
// schema cannot hold a transform (the encoder refuses it), so the answers have their own schemas below, as
// invoice.ts has: plain types, one per field, whose output types equal the inputs' (checked below).

const nul = z.string().nullable();
const int = z.number().int();
const intNul = int.nullable();

/** Requested equipment as answered. */
export const ZBookingEquipmentOut = z.object({ size_type: sizeType, qty: int });
/** A container line as answered. */
export const ZContainerLineOut = z.object({
  container_no: nul.describe('ISO 6346 container number with check digit'),
  size_type: sizeType,
  seal_no: nul,
  carrier_booking_no: nul,
  package_qty: intNul,
  gross_weight: nul.describe('kg'),
  cbm: nul,
  ex_factory_date: nul,
  cfs_received_at: nul,
  cy_gate_in_at: nul,
  vgm_weight: nul.describe('Verified gross mass, kg'),
  vgm_method: z.enum(VGM_METHODS).nullable(),
});
/** A cargo line by HS code as answered. */
export const ZHsLineOut = z.object({
  hs_code: z.string(),
  description: nul,
  package_qty: int,
  gross_weight: z.string(),
  cbm: z.string(),
});
/** The name and address of an ISF or ENS party (and an ISF profile) as answered. */
export const filingAddressOut = {
  name: z.string(),
  address1: z.string(),
  address2: nul,
  city: z.string(),
  state: nul,
  zip: nul,
};
/** An ISF party as answered. */
export const ZIsfPartyOut = z.object({
  role: z.enum(ISF_ROLES),
  ...filingAddressOut,
  country_code: z.string(),
  country_of_origin: z.string(),
  hts_code: z.string(),
});
/** An ENS party as answered. */
export const ZEnsPartyOut = z.object({
  role: z.enum(ENS_ROLES),
  ...filingAddressOut,
  country_code: z.string(),
  phone: nul,
  email: nul,
  eori_no: nul,
});

/** The editable fields of a shipping order as answered (GET /Booking/{so_no}/copy; ZBooking extends it). */
export const ZShippingOrderFieldsOut = z.object({
  po_no: nul,
  master_so_no: nul,
  transport_mode: z.enum(TRANSPORT_MODES),
  service_type: z.enum(SERVICE_TYPES),
  delivery_type: z.enum(DELIVERY_TYPES),
  business_type: z.enum(BUSINESS_TYPES),
  shipper_id: int,
  customer_id: int,
  consignee_id: int,
  notify_id: intNul,
  nomination_agent_id: intNul,
  release_agent_id: intNul,
  salesman: nul.describe('Sales code'),
  handling_office: z.string(),
  por: nul,
  pol: z.string(),
  pod: z.string(),
  pld: z.string(),
  fd: z.string(),
  etd: z.string().describe('ETD at POL'),
  eta: z.string().describe('ETA at POD'),
  pld_eta: nul,
  fd_eta: nul,
  cargo_ready_date: z.string(),
  projected_etd: nul.describe('For a TBC sailing: the ETD used for job and HBL numbering'),
  sailing_id: intNul,
  carrier_code: nul,
  vessel_name: nul,
  voyage: nul,
  rate_id: intNul,
  cfs_closing: nul.describe('CFS closing, port-local YYYY-MM-DDTHH:mm'),
  cy_closing: nul,
  vgm_closing: nul,
  si_closing: nul,
  incoterms: z.enum(INCOTERMS),
  incoterms_location: nul,
  freight_term: z.enum(FREIGHT_TERMS),
  is_dangerous: z.boolean(),
  un_no: nul,
  commodity: nul,
  marks: nul,
  goods_description: nul,
  package_qty: intNul,
  package_unit: z.enum(PACKAGE_UNITS).nullable(),
  gross_weight: nul.describe('kg'),
  cbm: nul,
  space_status: z.enum(SPACE_STATUSES),
  booking_condition: z.enum(BOOKING_CONDITIONS),
  contract_type: z.enum(CONTRACT_TYPES).nullable(),
  contract_no: nul,
  shipper_ref: nul,
  agent_ref: nul,
  consignee_ref: nul,
  forwarder_ref: nul,
  is_consolidatable: z.boolean(),
  originals_count: int,
  transport_document: z.enum(TRANSPORT_DOCUMENTS),
  is_to_order: z.boolean(),
  hide_party_address: z.boolean().describe('House doc hides shipper/consignee address (manager)'),
  equipment: z.array(ZBookingEquipmentOut),
  containers: z.array(ZContainerLineOut),
  hs_lines: z.array(ZHsLineOut),
  isf_parties: z.array(ZIsfPartyOut),
  ens_parties: z.array(ZEnsPartyOut),
});
true satisfies SameType<z.output<typeof ZShippingOrderFieldsOut>, TShippingOrderFields>;

/** A shipping order's ids and status, first in its answer and in a list's row. */
const bookingIdsOut = {
  so_id: z.number().int(),
  so_no: z.string(),
  job_no: z.string().nullable(),
  hbl_no: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  is_e_booking: z.boolean(),
};

/** A shipping order as the API answers it. */
export const ZBooking = ZShippingOrderFieldsOut.extend({
  ...bookingIdsOut,
  si_status: z.enum(SI_STATUSES),
  si_submitted_at: z.string().nullable(),
  carrier_booking_status: z.enum(CARRIER_BOOKING_STATUSES),
  carrier_submitted_at: z.string().nullable(),
  approval_status: z.enum(APPROVAL_STATUSES).nullable(),
  cancel_reason: z.string().nullable(),
  is_tbc_sailing: z.boolean(),
  parties: z
    .record(z.string(), ZBookingPartyRef)
    .describe('shipper, customer, ... keyed by field name without _id'),
  allowed_actions: z.array(z.enum(BOOKING_ACTION_NAMES as [TBookingAction, ...TBookingAction[]])),
  status_changed_at: z.string(),
  ...auditStamps,
  user_uid: z.string().nullable(),
  version: z.number().int(),
});
export type TBooking = z.output<typeof ZBooking>;

/** One row of a booking list. */
export const ZBookingRow = z.object({
  ...bookingIdsOut,
  transport_mode: z.string(),
  service_type: z.string(),
  shipper_code: z.string().nullable(),
  shipper_name: z.string().nullable(),
  consignee_code: z.string().nullable(),
  consignee_name: z.string().nullable(),
  pol: z.string(),
  pod: z.string(),
  fd: z.string(),
  etd: z.string(),
  eta: z.string(),
  carrier_code: z.string().nullable(),
  vessel_name: z.string().nullable(),
  voyage: z.string().nullable(),
  handling_office: z.string(),
  si_status: z.string(),
  space_status: z.string(),
  approval_status: z.string().nullable(),
  container_nos: z.string().nullable().describe('Container numbers, comma-separated'),
  ageing_since: z.string().nullable().describe('When the ageing clock of this list started'),
  updated_at: z.string(),
});
export type TBookingRow = z.output<typeof ZBookingRow>;

export const ZBookingListQuery = ZListQuery.extend({
  sort: z.enum(BOOKING_SORTABLE).optional(),
  filters: customFiltersParam('BOOKING_FILTER_FIELDS'),
  status: z.enum(BOOKING_STATUSES).optional(),
  pol: z.string().max(5).optional(),
  pod: z.string().max(5).optional(),
  etd_from: isoDate.optional(),
  etd_to: isoDate.optional(),
});
export const ZBookingListResponse = listResponse(ZBookingRow);
/** The export's query: the list's filters and the language of the column headers. */
export const ZBookingExportQuery = ZBookingListQuery.extend(exportLang);

/** A shipping order in the path (/Booking/:so_no, its CO2e and approval). */
export const ZSoNoParams = z.object({ so_no: z.string().trim().min(1).max(40) });
/** A booking list in the path (/Booking/list/:listKey). */
export const ZBookingListParams = z.object({ listKey: z.string().max(40) });

/** Dashboard: per list, its count and how many rows are yellow or red by age. */
export const ZBookingDashboard = listDashboard(BOOKING_LIST_KEYS);

/** Booking validation result (001 §3): one offending SO per row. */
export const ZBookingValidationResult = z.object({
  res: z.enum(['JOB', 'PARTY']).describe('JOB: the job must be re-opened; PARTY: a party is not allowed'),
  so_no: z.string(),
  action: z.string(),
  party_type_name: z.string().nullable(),
  party_code: z.string().nullable(),
});
export const ZBookingValidateBody = z.object({
  action: z.enum(BOOKING_ACTION_NAMES as [TBookingAction, ...TBookingAction[]]),
  so_nos: z.array(z.string().max(20)).min(1).max(100),
});
export const ZBookingValidationResults = z.array(ZBookingValidationResult);

/** The shipping order of the booking's actions and panels (history, related, remarks, VGM, house document). */
export const ZBookingPanelParams = z.object({ so_no: z.string().trim().min(1).max(30) });
export const ZBookingActionParams = ZBookingPanelParams.extend({
  action: z.enum(BOOKING_ACTION_NAMES as [TBookingAction, ...TBookingAction[]]),
});
const rowId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZBookingRemarkIdParams = ZBookingPanelParams.extend({ id: rowId });
export const ZIsfProfileIdParams = z.object({ id: rowId });
/** The answer of a removal that returns nothing else. */
export const ZOkResponse = z.object({ ok: z.literal(true) });
