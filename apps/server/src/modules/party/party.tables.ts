import { PARTY_RECORD_STATUSES, PARTY_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText } from '../../platform/db/columns';
import { carriers } from '../carrier/carrier.tables';

/** Account group codes (001 §2 account_group_code_maintenance): the customer a party bills under. */
export const accountGroups = pgTable(
  'account_groups',
  {
    customer_id: serial('customer_id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('A'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('account_groups_code_uq').on(sql`upper(${t.code})`),
    index('account_groups_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.code} || ' ' || ${t.name})) gin_trgm_ops`,
    ),
  ],
);

/**
 * Parties (001 §3 Party (maintenance)). The trigram index on `lower(full_name || ' ' || addresses)` backs both
 * the list search and the duplicate-party check; the repository uses the very same expression.
 */
export const parties = pgTable(
  'parties',
  {
    party_id: serial('party_id').primaryKey(),
    party_code: text('party_code').notNull(),
    other_code: text('other_code'),
    party_type: text('party_type').notNull(),
    contact_person: text('contact_person'),
    short_name: text('short_name').notNull(),
    full_name: text('full_name').notNull(),
    status: statusText('status', PARTY_RECORD_STATUSES).notNull().default('A'),
    cost_centre_code: text('cost_centre_code'),
    office_code: text('office_code'),
    customer_id: integer('customer_id').references(() => accountGroups.customer_id),
    // Address and contact
    address1: text('address1').notNull(),
    address2: text('address2'),
    address3: text('address3'),
    address4: text('address4'),
    city: text('city'),
    state: text('state'),
    zip_postal: text('zip_postal'),
    country_code: text('country_code').notNull(),
    tel: text('tel').notNull(),
    fax: text('fax'),
    email: text('email'),
    address_type: text('address_type').notNull(),
    contact_type: text('contact_type').notNull(),
    office_hour_from: text('office_hour_from'),
    office_hour_to: text('office_hour_to'),
    description: text('description'),
    // Ledger
    sun_suffix: text('sun_suffix'),
    ledger_code: text('ledger_code').notNull(),
    sun_ac_code: text('sun_ac_code'),
    // Bank
    bank_name: text('bank_name'),
    bank_account_no: text('bank_account_no'),
    bank_currency: text('bank_currency'),
    beneficiary_name: text('beneficiary_name'),
    bic: text('bic'),
    // Credit, terms and tax (Invoice tab)
    credit_limit: numeric('credit_limit', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
    credit_reminder_days: integer('credit_reminder_days'),
    credit_deadline_days: integer('credit_deadline_days'),
    payment_terms_ar: text('payment_terms_ar'),
    payment_terms_ap: text('payment_terms_ap'),
    invoice_email: text('invoice_email'),
    tax_id: text('tax_id').notNull(),
    eori_no: text('eori_no'),
    sst_no: text('sst_no'),
    npwp_no: text('npwp_no'),
    // Other
    target_offices: text('target_offices').array().notNull().default(sql`'{}'::text[]`),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    no_edit_name: boolean('no_edit_name').notNull().default(false),
    no_edit_address: boolean('no_edit_address').notNull().default(false),
    no_hbl_printing: boolean('no_hbl_printing').notNull().default(false),
    // Agent tab
    agency_agreement_no: text('agency_agreement_no'),
    is_nominated_agent: boolean('is_nominated_agent').notNull().default(false),
    is_release_agent: boolean('is_release_agent').notNull().default(false),
    // Consignee tab
    customs_broker: text('customs_broker'),
    notify_party_code: text('notify_party_code'),
    // Carrier tab: the carrier this party stands for (SCAC comes from carriers).
    carrier_id: integer('carrier_id').references(() => carriers.id),
    // Approval
    requester_remarks: text('requester_remarks').notNull(),
    approval_status: statusText('approval_status', PARTY_STATUSES).notNull().default('P'),
    approval_reason: text('approval_reason'),
    approval_remarks: text('approval_remarks'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('parties_code_uq').on(t.party_code),
    index('parties_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.party_code} || ' ' || ${t.full_name} || ' ' || ${t.short_name} || ' ' || coalesce(${t.city}, '') || ' ' || ${t.country_code})) gin_trgm_ops`,
    ),
    index('parties_name_trgm_idx').using('gin', sql`(lower(${t.full_name})) gin_trgm_ops`),
    index('parties_address_trgm_idx').using(
      'gin',
      sql`(lower(${t.address1} || ' ' || coalesce(${t.address2}, '') || ' ' || coalesce(${t.city}, ''))) gin_trgm_ops`,
    ),
    index('parties_code_sort_idx').on(t.party_code, t.party_id),
    index('parties_name_sort_idx').on(t.full_name, t.party_id),
    index('parties_status_code_idx').on(t.approval_status, t.party_code, t.party_id),
    index('parties_status_updated_idx').on(t.approval_status, t.updated_at, t.party_id),
    index('parties_updated_idx').on(t.updated_at, t.party_id),
    statusCheck('parties', 'status', PARTY_RECORD_STATUSES),
    statusCheck('parties', 'approval_status', PARTY_STATUSES),
  ],
);

/** A column naming a party (shipper, consignee, notify, agent, ...): chain `.notNull()` where it is required. */
export const partyRef = (name: string) => integer(name).references(() => parties.party_id);
