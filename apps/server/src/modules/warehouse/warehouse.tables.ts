import { WAREHOUSE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText } from '../../platform/db/columns';

/** Warehouses (001 §3 Warehouse), keyed by party_code_id as the spec's route names it. Code is unique. */
export const warehouses = pgTable(
  'warehouses',
  {
    party_code_id: serial('party_code_id').primaryKey(),
    warehouse_code: text('warehouse_code').notNull(),
    warehouse_name: text('warehouse_name').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    address4: text('address4'),
    local_address1: text('local_address1'),
    local_address2: text('local_address2'),
    local_address3: text('local_address3'),
    local_address4: text('local_address4'),
    tel: text('tel'),
    contact_person: text('contact_person'),
    contact_email: text('contact_email'),
    remark: text('remark'),
    status: statusText('status', WAREHOUSE_STATUSES).notNull().default('A'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('warehouses_code_uq').on(t.warehouse_code),
    index('warehouses_name_sort_idx').on(t.warehouse_name, t.party_code_id),
    index('warehouses_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.warehouse_code} || ' ' || ${t.warehouse_name} || ' ' || coalesce(${t.contact_person}, ''))) gin_trgm_ops`,
    ),
    statusCheck('warehouses', 'status', WAREHOUSE_STATUSES),
  ],
);
