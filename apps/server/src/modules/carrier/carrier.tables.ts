import { CARRIER_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText } from '../../platform/db/columns';

/** Carriers (001 §3 Carrier). Uniqueness of code, SCAC, CBSA, NACCS and names is enforced here too. */
export const carriers = pgTable(
  'carriers',
  {
    id: serial('id').primaryKey(),
    carrier_code: text('carrier_code').notNull(),
    scac: text('scac'),
    cbsa: text('cbsa'),
    naccs: text('naccs'),
    display_name: text('display_name').notNull(),
    full_name: text('full_name').notNull(),
    alliance: text('alliance').notNull(),
    carrier_type: text('carrier_type').notNull(),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    effective_to: date('effective_to', { mode: 'string' }),
    status: statusText('status', CARRIER_STATUSES).notNull().default('A'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('carriers_code_uq').on(t.carrier_code),
    uniqueIndex('carriers_scac_uq').on(t.scac),
    uniqueIndex('carriers_cbsa_uq').on(t.cbsa),
    uniqueIndex('carriers_naccs_uq').on(t.naccs),
    uniqueIndex('carriers_display_name_uq').on(sql`lower(${t.display_name})`),
    uniqueIndex('carriers_full_name_uq').on(sql`lower(${t.full_name})`),
    index('carriers_display_name_sort_idx').on(t.display_name, t.id),
    index('carriers_updated_idx').on(t.updated_at, t.id),
    statusCheck('carriers', 'status', CARRIER_STATUSES),
  ],
);
