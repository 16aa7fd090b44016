import { partyNeedsCam, type TParty, type TPartyListRow, type TPartyOption } from '@portal/contracts';
import { isoMoment } from '../../platform/db/columns';
import type { PartyDetailRow, PartyListRow, PartyRow } from './party.repository';

const iso = isoMoment;

/** What a party looks like on the wire. */
export const presentParty = (r: PartyDetailRow): TParty => ({
  party_id: r.party_id,
  party_code: r.party_code,
  other_code: r.other_code,
  party_type: r.party_type,
  contact_person: r.contact_person,
  short_name: r.short_name,
  full_name: r.full_name,
  status: r.status,
  cost_centre_code: r.cost_centre_code,
  office_code: r.office_code,
  customer_id: r.customer_id,
  customer_code: r.customer_code,
  customer_name: r.customer_name,
  address1: r.address1,
  address2: r.address2,
  address3: r.address3,
  address4: r.address4,
  city: r.city,
  state: r.state,
  zip_postal: r.zip_postal,
  country_code: r.country_code,
  tel: r.tel,
  fax: r.fax,
  email: r.email,
  address_type: r.address_type,
  contact_type: r.contact_type,
  office_hour_from: r.office_hour_from,
  office_hour_to: r.office_hour_to,
  description: r.description,
  target_offices: r.target_offices,
  roles: r.roles,
  no_edit_name: r.no_edit_name,
  no_edit_address: r.no_edit_address,
  no_hbl_printing: r.no_hbl_printing,
  sun_suffix: r.sun_suffix,
  ledger_code: r.ledger_code,
  sun_ac_code: r.sun_ac_code,
  bank_name: r.bank_name,
  bank_account_no: r.bank_account_no,
  bank_currency: r.bank_currency,
  beneficiary_name: r.beneficiary_name,
  bic: r.bic,
  credit_limit: r.credit_limit,
  credit_reminder_days: r.credit_reminder_days,
  credit_deadline_days: r.credit_deadline_days,
  payment_terms_ar: r.payment_terms_ar,
  payment_terms_ap: r.payment_terms_ap,
  invoice_email: r.invoice_email,
  tax_id: r.tax_id,
  eori_no: r.eori_no,
  sst_no: r.sst_no,
  npwp_no: r.npwp_no,
  agency_agreement_no: r.agency_agreement_no,
  is_nominated_agent: r.is_nominated_agent,
  is_release_agent: r.is_release_agent,
  customs_broker: r.customs_broker,
  notify_party_code: r.notify_party_code,
  carrier_id: r.carrier_id,
  carrier_code: r.carrier_code,
  carrier_scac: r.carrier_scac,
  requester_remarks: r.requester_remarks,
  approval_status: r.approval_status,
  approval_reason: r.approval_reason,
  approval_remarks: r.approval_remarks,
  needs_cam: partyNeedsCam(r),
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});

/** A row of a party list. */
export const presentPartyListRow = (r: PartyListRow): TPartyListRow => ({
  ...r,
  approval_status: r.approval_status,
  updated_at: iso(r.updated_at),
});

/** The one-line address of a party (full_addr of the Party option). */
export const fullAddress = (
  r: Pick<
    PartyRow,
    'address1' | 'address2' | 'address3' | 'address4' | 'city' | 'state' | 'zip_postal' | 'country_code'
  >,
) =>
  [r.address1, r.address2, r.address3, r.address4, r.city, r.state, r.zip_postal, r.country_code]
    .filter((s) => s?.trim())
    .join(', ');

/** A Party option (001 §3) for pickers. */
export const presentPartyOption = (o: {
  party: PartyRow;
  country_name: string | null;
  customer_code: string | null;
  customer_full_name: string | null;
  score: number;
}): TPartyOption => {
  const p = o.party;
  const score = Math.round(Number(o.score) * 10000) / 10000;
  return {
    party_id: p.party_id,
    party_code: p.party_code,
    party_code_display: `${p.party_code} - ${p.short_name}`,
    full_name: p.full_name,
    office_code: p.office_code,
    address1: p.address1,
    address2: p.address2,
    address3: p.address3,
    address4: p.address4,
    city: p.city,
    state: p.state,
    zip_postal: p.zip_postal,
    country_code: p.country_code,
    country_name: o.country_name,
    city_name: p.city,
    is_auto_fill: false,
    description: p.description,
    party_group_type_id: null,
    tel: p.tel,
    fax: p.fax,
    email: p.email,
    office_hour_from: p.office_hour_from,
    office_hour_to: p.office_hour_to,
    status: p.status,
    customer_id: p.customer_id,
    customer_full_name: o.customer_full_name,
    customer_code: o.customer_code,
    eori_no: p.eori_no,
    no_edit_name: p.no_edit_name,
    no_edit_address: p.no_edit_address,
    full_addr: fullAddress(p),
    has_party_relationship: p.customer_id !== null,
    Similarity: score,
    release_score: p.is_release_agent ? score : 0,
    nominate_score: p.is_nominated_agent ? score : 0,
  };
};

/**
 * The Party option as an external user (agent, consignee, shipper) gets it: no forwarder-internal
 * facts (handling office, internal description, account group, agent classification scores), and for
 * a counterparty that is not its own only what the documents print: name and address, no contact
 * details or EORI (docs/decisions.md "Party lookup for external users").
 */
export const presentPartyOptionForExternal = (
  o: Parameters<typeof presentPartyOption>[0] & { own: boolean },
) => {
  const full = presentPartyOption(o);
  const trimmed: TPartyOption = {
    ...full,
    office_code: null,
    description: null,
    customer_id: null,
    customer_code: null,
    customer_full_name: null,
    has_party_relationship: false,
    release_score: 0,
    nominate_score: 0,
  };
  if (o.own) return trimmed;
  return {
    ...trimmed,
    tel: '',
    fax: null,
    email: null,
    eori_no: null,
    office_hour_from: null,
    office_hour_to: null,
  };
};
