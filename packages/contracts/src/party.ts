import { z } from 'zod';
import { exportLang, optText, recordStamps, reqText, upper, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { money, ZMoney } from './money';
import { MSG } from './msg-keys';
import {
  ACCOUNT_GROUP_SORTABLE,
  PARTY_ACTIONS,
  PARTY_ADDRESS_TYPES,
  PARTY_CONTACT_TYPES,
  PARTY_LIST_NAMES,
  PARTY_MSG,
  PARTY_RECORD_STATUSES,
  PARTY_ROLES,
  PARTY_SORTABLE,
  PARTY_STATUSES,
  PARTY_TYPES,
  PAYMENT_TERMS,
  type TPartyList,
} from './party-catalogue';
import { isValidZip } from './validators/address';
import { BENEFICIARY_NAME_ALLOWED } from './validators/beneficiary-name';
import { ibanElectronic, ibanExpected, isIban, zOptBic } from './validators/bic';
import { zOptEmail } from './validators/email';
import { eoriRequiredFor, zOptEori } from './validators/eori';
import { zOptPhone, zPhone } from './validators/phone';

export * from './party-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Parties (001 §2 Party, §3 Party (maintenance) and Party option, §4 Party states, §5 Party, §6)
// ---------------------------------------------------------------------------------------------------------

/** A required upper-cased code matching `re` (party and account group codes). */
const upperCode = (re: RegExp) =>
  z
    .string({ message: MSG.fieldRequired })
    .transform(upper)
    .pipe(z.string().min(1, MSG.fieldRequired).regex(re, PARTY_MSG.codeFormat));
const optUpperPattern = (re: RegExp, key: string) =>
  z
    .string()
    .transform(upper)
    .pipe(z.string().regex(new RegExp(`^(${re.source.slice(1, -1)})?$`), key))
    .nullish()
    .transform((v) => (v ? v : null));
const hour = z
  .string()
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, PARTY_MSG.officeHourInvalid)
  .nullish()
  .transform((v) => (v ? v : null));
const optDays = z
  .number()
  .int(MSG.fieldInvalid)
  .min(0, MSG.fieldInvalid)
  .max(999, MSG.fieldInvalid)
  .nullish()
  .transform((v) => v ?? null);
const optId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

/** Fields a user edits on a party (every field of 001 §3 Party (maintenance) plus the Agent, Consignee and Carrier tabs). */
export const ZPartyFields = z.object({
  // General (identity)
  party_code: upperCode(/^[A-Z0-9][A-Z0-9_-]{2,19}$/).describe('3-20 capitals, digits, "-" or "_"; unique'),
  other_code: optText(40),
  party_type: z.enum(PARTY_TYPES, { message: MSG.fieldRequired }),
  contact_person: optText(100),
  short_name: reqText(60),
  full_name: reqText(200),
  status: z.enum(PARTY_RECORD_STATUSES, { message: MSG.fieldRequired }).describe('A active, I inactive'),
  cost_centre_code: optText(20),
  office_code: optText(10).describe('Owning office code'),
  customer_id: optId.describe('Account group (customer) the party bills under'),
  // General (address and contact)
  address1: reqText(100),
  address2: optText(100),
  address3: optText(100),
  address4: optText(100),
  city: optText(60),
  state: optText(60),
  zip_postal: optText(20),
  country_code: z
    .string({ message: MSG.fieldRequired })
    .transform(upper)
    .pipe(z.string().regex(/^[A-Z]{2}$/, MSG.fieldRequired))
    .describe('ISO 3166 alpha-2; XI for Northern Ireland'),
  tel: zPhone().describe(
    'Country code starting with +, digits only, no spaces; a real number of that country',
  ),
  fax: zOptPhone(),
  email: zOptEmail(),
  address_type: z.enum(PARTY_ADDRESS_TYPES, { message: MSG.fieldRequired }),
  contact_type: z.enum(PARTY_CONTACT_TYPES, { message: MSG.fieldRequired }),
  // Party details
  office_hour_from: hour,
  office_hour_to: hour,
  description: optText(500),
  target_offices: z.array(z.string().trim().toUpperCase().min(1).max(10)).max(30).default([]),
  roles: z
    .array(z.enum(PARTY_ROLES, { message: MSG.fieldInvalid }))
    .max(PARTY_ROLES.length)
    .default([]),
  no_edit_name: z.boolean().default(false).describe('Name locked on documents'),
  no_edit_address: z.boolean().default(false).describe('Address locked on documents'),
  no_hbl_printing: z.boolean().default(false),
  // Ledger
  sun_suffix: optText(10),
  ledger_code: reqText(20),
  sun_ac_code: optText(20),
  // Bank: all-or-nothing (see superRefine)
  bank_name: optText(100),
  bank_account_no: optText(50)
    .transform((v) => (v && ibanExpected(v) ? ibanElectronic(v) : v))
    .describe(
      'Free text; an IBAN (checked, stored without spaces) when it looks like one or the BIC is in an IBAN country',
    ),
  bank_currency: optUpperPattern(/^[A-Z]{3}$/, MSG.fieldInvalid),
  beneficiary_name: z
    .string()
    .trim()
    .pipe(z.string().max(140, MSG.fieldTooLong).regex(BENEFICIARY_NAME_ALLOWED, MSG.beneficiaryNameInvalid))
    .nullish()
    .transform((v) => (v ? v : null))
    .describe("SWIFT x character set: letters, digits, space and / - ? : ( ) . , ' +"),
  bic: zOptBic.describe('8 or 11 characters with a real country (ISO 9362)'),
  // Invoice (credit, terms, tax)
  credit_limit: ZMoney({ msg: PARTY_MSG.creditLimitInvalid }).describe(
    'Decimal string, 0 or more, at most 14 digits and 2 decimals (answered with 2); above 0 the party needs the CAM stage',
  ),
  credit_reminder_days: optDays.describe('Days before the deadline a reminder goes out'),
  credit_deadline_days: optDays.describe('Credit period in days'),
  payment_terms_ar: z
    .enum(PAYMENT_TERMS)
    .nullish()
    .transform((v) => v ?? null),
  payment_terms_ap: z
    .enum(PAYMENT_TERMS)
    .nullish()
    .transform((v) => v ?? null),
  invoice_email: zOptEmail(),
  tax_id: reqText(40),
  eori_no: zOptEori.describe('EU member state code + up to 15 capitals/digits; GB or XI + 12 or 15 digits'),
  sst_no: optText(30),
  npwp_no: optText(30),
  // Agent
  agency_agreement_no: optText(40),
  is_nominated_agent: z.boolean().default(false),
  is_release_agent: z.boolean().default(false),
  // Consignee
  customs_broker: optText(100),
  notify_party_code: optText(20),
  // Carrier
  carrier_code: z
    .string()
    .transform(upper)
    .nullish()
    .transform((v) => (v ? v : null))
    .describe('Code of the carrier (with its SCAC) this party stands for (Carrier tab)'),
  // Approval
  requester_remarks: reqText(1000).describe('Why the party is requested; required'),
});
export type TPartyFields = z.output<typeof ZPartyFields>;

type PartyRuleInput = Pick<
  TPartyFields,
  | 'party_type'
  | 'country_code'
  | 'zip_postal'
  | 'eori_no'
  | 'bank_name'
  | 'bank_account_no'
  | 'bank_currency'
  | 'beneficiary_name'
  | 'bic'
  | 'office_hour_from'
  | 'office_hour_to'
>;

/**
 * Cross-field rules of 001 §5 Party: a ZIP given fits the country (an empty one is allowed: a party's
 * ZIP is optional), EORI where mandatory, bank details complete, office hours in order.
 */
export function partyCrossFieldProblems(v: PartyRuleInput): { field: string; msgKey: string }[] {
  const out: { field: string; msgKey: string }[] = [];
  if (v.zip_postal && !isValidZip(v.country_code, v.zip_postal))
    out.push({ field: 'zip_postal', msgKey: MSG.zipInvalid });
  if (!v.eori_no && eoriRequiredFor(v.country_code, v.party_type, v.zip_postal))
    out.push({ field: 'eori_no', msgKey: MSG.eoriRequired });
  const bankGiven = [v.bank_name, v.bank_account_no, v.bank_currency, v.beneficiary_name, v.bic].some(
    Boolean,
  );
  if (bankGiven) {
    for (const f of ['bank_name', 'bank_account_no', 'bank_currency'] as const)
      if (!v[f]) out.push({ field: f, msgKey: PARTY_MSG.bankIncomplete });
  }
  if (
    v.bank_account_no &&
    ibanExpected(v.bank_account_no, v.bic) &&
    !isIban(ibanElectronic(v.bank_account_no))
  )
    out.push({ field: 'bank_account_no', msgKey: MSG.ibanInvalid });
  if (v.office_hour_from && v.office_hour_to && v.office_hour_to < v.office_hour_from)
    out.push({ field: 'office_hour_to', msgKey: PARTY_MSG.officeHourInvalid });
  return out;
}

const crossFieldRefine = (v: PartyRuleInput, ctx: z.RefinementCtx) => {
  for (const p of partyCrossFieldProblems(v))
    ctx.addIssue({ code: 'custom', path: [p.field], message: p.msgKey });
};

export const ZCreatePartyRequest = ZPartyFields.superRefine(crossFieldRefine);
export type TCreatePartyRequest = z.input<typeof ZCreatePartyRequest>;
export const ZUpdatePartyRequest = ZPartyFields.extend({
  version: versionRead,
}).superRefine(crossFieldRefine);
export type TUpdatePartyRequest = z.input<typeof ZUpdatePartyRequest>;

/** Parties with a credit limit above 0 go through the CAM (credit account management) stage after SUNAC. */
export const partyNeedsCam = (p: { credit_limit: string }) => money.compare(p.credit_limit, '0') > 0;

export const ZPartyTransitionRequest = z.object({
  action: z.enum(PARTY_ACTIONS, { message: MSG.fieldInvalid }),
  version: z.number().int().min(1),
  remarks: optText(1000),
});
export type TPartyTransitionRequest = z.input<typeof ZPartyTransitionRequest>;

// ---- Answers ----

/** A party's address as answered (the party and a party option). */
const partyAddressOut = {
  address1: z.string(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_postal: z.string().nullable(),
  country_code: z.string(),
};

/** A party as the API returns it. */
export const ZPartyResponse = z.object({
  party_id: z.number().int(),
  party_code: z.string(),
  other_code: z.string().nullable(),
  party_type: z.string(),
  contact_person: z.string().nullable(),
  short_name: z.string(),
  full_name: z.string(),
  status: z.string(),
  cost_centre_code: z.string().nullable(),
  office_code: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer_code: z.string().nullable(),
  customer_name: z.string().nullable(),
  ...partyAddressOut,
  tel: z.string(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  address_type: z.string(),
  contact_type: z.string(),
  office_hour_from: z.string().nullable(),
  office_hour_to: z.string().nullable(),
  description: z.string().nullable(),
  target_offices: z.array(z.string()),
  roles: z.array(z.string()),
  no_edit_name: z.boolean(),
  no_edit_address: z.boolean(),
  no_hbl_printing: z.boolean(),
  sun_suffix: z.string().nullable(),
  ledger_code: z.string(),
  sun_ac_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account_no: z.string().nullable(),
  bank_currency: z.string().nullable(),
  beneficiary_name: z.string().nullable(),
  bic: z.string().nullable(),
  credit_limit: z.string().describe('Decimal string with 2 decimals'),
  credit_reminder_days: z.number().int().nullable(),
  credit_deadline_days: z.number().int().nullable(),
  payment_terms_ar: z.string().nullable(),
  payment_terms_ap: z.string().nullable(),
  invoice_email: z.string().nullable(),
  tax_id: z.string(),
  eori_no: z.string().nullable(),
  sst_no: z.string().nullable(),
  npwp_no: z.string().nullable(),
  agency_agreement_no: z.string().nullable(),
  is_nominated_agent: z.boolean(),
  is_release_agent: z.boolean(),
  customs_broker: z.string().nullable(),
  notify_party_code: z.string().nullable(),
  carrier_id: z.number().int().nullable(),
  carrier_code: z.string().nullable(),
  carrier_scac: z.string().nullable(),
  requester_remarks: z.string(),
  approval_status: z.enum(PARTY_STATUSES),
  approval_reason: z.string().nullable().describe('Action of the last approval move'),
  approval_remarks: z.string().nullable().describe('Remarks of the last approval move'),
  needs_cam: z.boolean(),
  ...recordStamps,
});
export type TParty = z.infer<typeof ZPartyResponse>;

/** One row of a party list (fewer columns than the detail). */
export const ZPartyListRow = ZPartyResponse.pick({
  party_id: true,
  party_code: true,
  party_type: true,
  short_name: true,
  full_name: true,
  city: true,
  country_code: true,
  tel: true,
  email: true,
  status: true,
  approval_status: true,
  credit_limit: true,
  office_code: true,
  updated_at: true,
  updated_by: true,
  created_by: true,
});
export type TPartyListRow = z.infer<typeof ZPartyListRow>;

export const ZPartyListQuery = ZListQuery.extend({
  list: z.enum(PARTY_LIST_NAMES as [TPartyList, ...TPartyList[]]).default('search_party'),
  sort: z.enum(PARTY_SORTABLE).optional(),
  filters: customFiltersParam('PARTY_FILTER_FIELDS'),
  party_type: z.enum(PARTY_TYPES).optional(),
  status: z.enum(PARTY_RECORD_STATUSES).optional(),
  country_code: z.string().trim().toUpperCase().length(2).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZPartyExportQuery = ZPartyListQuery.extend(exportLang);

/** `/Party/list/:list`: the list in the path, the other filters in the querystring (and their export's). */
export const ZPartyListParams = z.object({ list: ZPartyListQuery.shape.list.unwrap() });
export const ZPartyByListQuery = ZPartyListQuery.omit({ list: true });
export const ZPartyByListExportQuery = ZPartyByListQuery.extend(exportLang);
export type TPartyListQuery = z.infer<typeof ZPartyListQuery>;
export const ZPartyListResponse = listResponse(ZPartyListRow);
export type TPartyListResponse = z.infer<typeof ZPartyListResponse>;

export const ZPartyCountsResponse = z.object({
  counts: z.record(z.string(), z.object({ total: z.number().int(), totalCapped: z.boolean() })),
});
export type TPartyCountsResponse = z.infer<typeof ZPartyCountsResponse>;

export const ZPartyIdParams = z.object({ party_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Duplicate-party check: the name and address being entered (and the party being edited, to skip it). */
export const ZPartyDuplicateCheckRequest = z.object({
  full_name: z.string().trim().min(1, MSG.fieldRequired).max(200),
  address1: z.string().trim().max(100).nullish(),
  address2: z.string().trim().max(100).nullish(),
  city: z.string().trim().max(60).nullish(),
  exclude_party_id: z.number().int().positive().max(2_147_483_647).nullish(),
});
export type TPartyDuplicateCheckRequest = z.input<typeof ZPartyDuplicateCheckRequest>;

export const ZPartyDuplicate = z.object({
  party_id: z.number().int(),
  party_code: z.string(),
  full_name: z.string(),
  address1: z.string(),
  city: z.string().nullable(),
  country_code: z.string(),
  approval_status: z.string(),
  name_similarity: z.number().describe('pg_trgm similarity of the names, 0..1'),
  address_similarity: z.number().describe('pg_trgm similarity of the addresses, 0..1'),
  similarity: z.number().describe('0.6 × name + 0.4 × address, 0..1; shown as a percentage with 2 decimals'),
});
export type TPartyDuplicate = z.infer<typeof ZPartyDuplicate>;
export const ZPartyDuplicateCheckResponse = z.object({ matches: z.array(ZPartyDuplicate) });
export type TPartyDuplicateCheckResponse = z.infer<typeof ZPartyDuplicateCheckResponse>;

/** Party option (001 §3): what every party picker receives. */
export const ZPartyOption = z.object({
  party_id: z.number().int(),
  party_code: z.string(),
  party_code_display: z.string(),
  full_name: z.string(),
  office_code: z.string().nullable(),
  ...partyAddressOut,
  country_name: z.string().nullable(),
  city_name: z.string().nullable(),
  is_auto_fill: z.boolean(),
  description: z.string().nullable(),
  party_group_type_id: z.number().int().nullable(),
  tel: z.string(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  office_hour_from: z.string().nullable(),
  office_hour_to: z.string().nullable(),
  status: z.string(),
  customer_id: z.number().int().nullable(),
  customer_full_name: z.string().nullable(),
  customer_code: z.string().nullable(),
  eori_no: z.string().nullable(),
  no_edit_name: z.boolean(),
  no_edit_address: z.boolean(),
  full_addr: z.string(),
  has_party_relationship: z.boolean(),
  Similarity: z.number().describe('Trigram similarity of the search text to the name, 0..1'),
  release_score: z.number().describe('Similarity when the party is a release agent, else 0'),
  nominate_score: z.number().describe('Similarity when the party is a nominated agent, else 0'),
});
export type TPartyOption = z.infer<typeof ZPartyOption>;

export const ZPartyLookupQuery = z.object({
  q: z.string().trim().max(200).optional().describe('Code, name or address text (2+ characters)'),
  party_id: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('One party by id'),
  party_type: z.enum(PARTY_TYPES).optional(),
  include_unapproved: z.coerce.boolean().default(false).describe('Also parties not yet handled in SUNAC'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZPartyLookupResponse = z.array(ZPartyOption);

// ---- Account group codes (001 §2 account_group_code_maintenance) ----

export const ZAccountGroupFields = z.object({
  code: upperCode(/^[A-Z0-9][A-Z0-9_-]{1,19}$/).describe('2-20 capitals, digits, "-" or "_"; unique'),
  name: reqText(200),
  status: z.enum(PARTY_RECORD_STATUSES, { message: MSG.fieldRequired }).default('A'),
});
export const ZCreateAccountGroupRequest = ZAccountGroupFields;
export type TCreateAccountGroupRequest = z.input<typeof ZCreateAccountGroupRequest>;
export const ZUpdateAccountGroupRequest = ZAccountGroupFields.extend({ version: z.number().int().min(1) });
export type TUpdateAccountGroupRequest = z.input<typeof ZUpdateAccountGroupRequest>;
export const ZAccountGroup = z.object({
  customer_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
  ...recordStamps,
});
export type TAccountGroup = z.infer<typeof ZAccountGroup>;
export const ZAccountGroupListQuery = ZListQuery.extend({ sort: z.enum(ACCOUNT_GROUP_SORTABLE).optional() });
export type TAccountGroupListQuery = z.infer<typeof ZAccountGroupListQuery>;
export const ZAccountGroupListResponse = listResponse(ZAccountGroup);
export type TAccountGroupListResponse = z.infer<typeof ZAccountGroupListResponse>;
export const ZAccountGroupIdParams = z.object({
  customer_id: z.coerce.number().int().positive().max(2_147_483_647),
});
