import { sql } from 'drizzle-orm';
import { date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../platform/db/columns';

/** Trade lanes (001 §3 Trade lane). The name is unique case-insensitively. */
export const tradelanes = pgTable(
  'tradelanes',
  {
    tradelane_id: serial('tradelane_id').primaryKey(),
    tradelane_name: text('tradelane_name').notNull(),
    tradelane_type: text('tradelane_type').notNull(),
    pol_country: text('pol_country').notNull(),
    pod_country: text('pod_country').notNull(),
    office_code: text('office_code').notNull(),
    account_code: text('account_code'),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    customer_type: text('customer_type'),
    customer_code: text('customer_code'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('tradelanes_name_uq').on(sql`lower(${t.tradelane_name})`),
    index('tradelanes_countries_idx').on(t.pol_country, t.pod_country),
    index('tradelanes_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.tradelane_name} || ' ' || ${t.pol_country} || ' ' || ${t.pod_country} || ' ' || ${t.office_code} || ' ' || coalesce(${t.account_code}, '') || ' ' || coalesce(${t.customer_code}, ''))) gin_trgm_ops`,
    ),
  ],
);
