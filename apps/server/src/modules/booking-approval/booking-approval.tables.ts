import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { localTime as local } from '../../platform/db/columns';
import { shippingOrders } from '../booking/booking.tables';

/** One priced container line of a proposal, as the rate quote answers it (amounts as decimal text). */
export interface ProposalRateLine {
  container_type: string;
  amount: string;
  qty: number;
  line_total: string;
}

/**
 * Sailings (with their rate) operations propose to the customer for a shipping order (001 §2 Booking
 * approval). The sailing and rate are copied at proposal time so later schedule or rate edits do not change
 * what the customer was offered; sailing_id and rate_id keep the link.
 */
export const bookingProposals = pgTable(
  'booking_proposals',
  {
    proposal_id: serial('proposal_id').primaryKey(),
    so_id: integer('so_id')
      .notNull()
      .references(() => shippingOrders.so_id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    sailing_id: integer('sailing_id').notNull(),
    rate_id: integer('rate_id'),
    carrier_code: text('carrier_code').notNull(),
    vessel_name: text('vessel_name').notNull(),
    voyage: text('voyage').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    etd: date('etd', { mode: 'string' }).notNull(),
    eta: date('eta', { mode: 'string' }).notNull(),
    is_tbc: boolean('is_tbc').notNull().default(false),
    cfs_cutoff: local('cfs_cutoff'),
    cy_cutoff: local('cy_cutoff'),
    vgm_cutoff: local('vgm_cutoff'),
    si_cutoff: local('si_cutoff'),
    currency: text('currency'),
    rate_containers: jsonb('rate_containers').$type<ProposalRateLine[]>().notNull().default([]),
    // numeric(18,4): any currency's minor units (money.ts); presented with the proposal currency's decimals.
    total_rate: numeric('total_rate', { precision: 18, scale: 4, mode: 'string' }),
    remarks: text('remarks'),
    is_selected: boolean('is_selected').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    created_by: text('created_by'),
  },
  (t) => [
    uniqueIndex('booking_proposals_seq_uq').on(t.so_id, t.seq),
    index('booking_proposals_sailing_idx').on(t.sailing_id),
  ],
);
