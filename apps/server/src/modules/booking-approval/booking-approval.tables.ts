import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cutoffColumns, proposalOfferColumns, proposedSailingColumns } from '../../platform/db/columns';
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
    ...proposedSailingColumns(),
    is_tbc: boolean('is_tbc').notNull().default(false),
    ...cutoffColumns(),
    currency: text('currency'),
    rate_containers: jsonb('rate_containers').$type<ProposalRateLine[]>().notNull().default([]),
    ...proposalOfferColumns(),
  },
  (t) => [
    uniqueIndex('booking_proposals_seq_uq').on(t.so_id, t.seq),
    index('booking_proposals_sailing_idx').on(t.sailing_id),
  ],
);
