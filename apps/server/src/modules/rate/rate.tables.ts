import { RATE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText } from '../../platform/db/columns';

/** Rates (001 §3 Rate): a carrier's price per container type on a lane, valid for a period. */
export const rates = pgTable(
  'rates',
  {
    rate_id: serial('rate_id').primaryKey(),
    source_key: text('source_key').notNull(),
    carrier_code: text('carrier_code').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    service: text('service').notNull(),
    currency: text('currency').notNull(),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }).notNull(),
    transit_days: smallint('transit_days'),
    free_time_days: smallint('free_time_days'),
    remarks: text('remarks'),
    status: statusText('status', RATE_STATUSES).notNull().default('A'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('rates_source_key_uq').on(t.source_key),
    // Comparison (issue 6): rates for POL → POD valid on a day.
    index('rates_lane_validity_idx').on(t.pol, t.pod, t.valid_from, t.valid_to),
    index('rates_carrier_idx').on(t.carrier_code, t.rate_id),
    index('rates_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.source_key} || ' ' || ${t.carrier_code} || ' ' || coalesce(${t.remarks}, ''))) gin_trgm_ops`,
    ),
    statusCheck('rates', 'status', RATE_STATUSES),
  ],
);

/**
 * A rate's price per container size/type (rate_containers in the comparison). numeric(18,4): 4 is the largest
 * ISO 4217 minor unit, so one column holds JPY, USD and BHD prices alike; each amount is kept to its rate's
 * currency decimals (contracts money.ts) and presented with them.
 */
export const rateContainers = pgTable(
  'rate_containers',
  {
    id: serial('id').primaryKey(),
    rate_id: integer('rate_id')
      .notNull()
      .references(() => rates.rate_id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    container_type: text('container_type').notNull(),
    amount: numeric('amount', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [uniqueIndex('rate_containers_type_uq').on(t.rate_id, t.container_type)],
);
