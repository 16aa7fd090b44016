import { SOPMS_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amount, auditColumns, day, statusCheck, statusText } from '../../platform/db/columns';
import { invoices } from '../invoice/invoice.tables';

const codes = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * SOPMS validation templates (002 §3, issue 16): criteria as typed columns (an empty array = any value; a
 * null range end = open), an override level (002 §6) and an owner. `anchor_keys` holds the values of the
 * template's most selective criterion ('acct:HKCUS001', 'office:HKG', or '*' when it has none): the check's
 * candidate query is one GIN lookup `anchor_keys && <the invoice's keys>`, then the other criteria in SQL and
 * the rules in code (docs/sopms.md "Matching").
 */
export const sopmsTemplates = pgTable(
  'sopms_templates',
  {
    tmplib_id: serial('tmplib_id').primaryKey(),
    name: text('name').notNull(),
    section_code: text('section_code').notNull(),
    validation_group: text('validation_group').notNull(),
    description: text('description'),
    override_level: smallint('override_level').notNull(),
    status: statusText('status', SOPMS_STATUSES).notNull().default('A'),
    owner_uid: uuid('owner_uid').notNull(),
    owner_name: text('owner_name').notNull(),
    account_codes: codes('account_codes'),
    inv_kinds: codes('inv_kinds'),
    /** ANY, OVERSEAS or LOCAL. */
    overseas: text('overseas').notNull().default('ANY'),
    office_codes: codes('office_codes'),
    customer_codes: codes('customer_codes'),
    issue_party_codes: codes('issue_party_codes'),
    agent_codes: codes('agent_codes'),
    consignee_codes: codes('consignee_codes'),
    notify_party_codes: codes('notify_party_codes'),
    transport_modes: codes('transport_modes'),
    service_types: codes('service_types'),
    etd_from: day('etd_from'),
    etd_to: day('etd_to'),
    inv_date_from: day('inv_date_from'),
    inv_date_to: day('inv_date_to'),
    anchor_keys: codes('anchor_keys'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('sopms_templates_name_uq').on(sql`lower(${t.name})`),
    // The check's candidate lookup (active templates only).
    index('sopms_templates_anchor_gin').using('gin', t.anchor_keys).where(sql`${t.status} = 'A'`),
    // SOPMSSearch/{section_code} in name order.
    index('sopms_templates_section_name_idx').on(t.section_code, t.name, t.tmplib_id),
    statusCheck('sopms_templates', 'status', SOPMS_STATUSES),
  ],
);

/** Rules of a template (issue 16): a charge that must be present (at a rate or within bounds), one that must not, or a tax code and sub-type. */
export const sopmsRules = pgTable(
  'sopms_rules',
  {
    rule_id: serial('rule_id').primaryKey(),
    tmplib_id: integer('tmplib_id')
      .notNull()
      .references(() => sopmsTemplates.tmplib_id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    rule_type: text('rule_type').notNull(),
    charge_code: text('charge_code'),
    rate: amount('rate'),
    min_amount: amount('min_amount'),
    max_amount: amount('max_amount'),
    tax_code: text('tax_code'),
    sub_type: text('sub_type'),
  },
  (t) => [index('sopms_rules_template_idx').on(t.tmplib_id, t.seq)],
);

/**
 * Overrides given with a reason (issue 16): one row per violation overridden for one step of one invoice.
 * `violation_key` names the template version, the rule and what the invoice had, so an edit of either
 * brings the check back.
 */
export const sopmsOverrides = pgTable(
  'sopms_overrides',
  {
    id: serial('id').primaryKey(),
    inv_id: integer('inv_id')
      .notNull()
      .references(() => invoices.inv_id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    violation_key: text('violation_key').notNull(),
    tmplib_id: integer('tmplib_id').notNull(),
    reason: text('reason').notNull(),
    actor_uid: uuid('actor_uid').notNull(),
    actor_name: text('actor_name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sopms_overrides_uq').on(t.inv_id, t.step, t.violation_key)],
);
