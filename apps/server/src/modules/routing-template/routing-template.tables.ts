import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../platform/db/columns';
import { ports } from '../lookup/lookup.tables';
import { partyRef } from '../party/party.tables';

/** Routing templates (002 §3): routing defaults a booking takes by customer and consignee. */
export const routingTemplates = pgTable(
  'routing_templates',
  {
    routing_template_id: serial('routing_template_id').primaryKey(),
    name: text('name').notNull(),
    customer_party_id: partyRef('customer_party_id'),
    consignee_party_id: partyRef('consignee_party_id').notNull(),
    pod: text('pod').references(() => ports.un_code),
    pld: text('pld').references(() => ports.un_code),
    fd: text('fd').references(() => ports.un_code),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    effective_to: date('effective_to', { mode: 'string' }),
    can_overwrite: boolean('can_overwrite').notNull().default(true),
    eta_validation: boolean('eta_validation').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('routing_templates_name_uq').on(sql`lower(${t.name})`),
    // findApplicableTemplate: by consignee, then customer, within the effective dates.
    index('routing_templates_applicable_idx').on(t.consignee_party_id, t.customer_party_id, t.effective_from),
    index('routing_templates_name_sort_idx').on(t.name, t.routing_template_id),
  ],
);
