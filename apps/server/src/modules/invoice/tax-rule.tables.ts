import { index, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { auditColumns, day } from '../../platform/db/columns';

/**
 * Tax rules (issue 38): the default tax code and rate of a charge line by the issuing office's company and
 * country, the billed party's country, the charge and local/overseas, with the law or circular it rests on
 * and the dates it applies. Empty conditions match anything; the most specific rule wins
 * (docs/invoices.md "Tax rules").
 */
export const taxRules = pgTable(
  'tax_rules',
  {
    id: serial('id').primaryKey(),
    company_id: text('company_id'),
    office_country: text('office_country').notNull(),
    customer_country: text('customer_country'),
    charge_code: text('charge_code'),
    scope: text('scope').notNull().default('ANY'),
    tax_code: text('tax_code').notNull(),
    tax_rate: numeric('tax_rate', { precision: 7, scale: 4, mode: 'string' }).notNull(),
    source: text('source').notNull(),
    effective_from: day('effective_from').notNull(),
    effective_to: day('effective_to'),
    ...auditColumns,
  },
  (t) => [index('tax_rules_country_idx').on(t.office_country, t.effective_from)],
);
