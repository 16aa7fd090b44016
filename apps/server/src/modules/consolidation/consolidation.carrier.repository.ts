import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { consolContainers, consolPlans, consolProposals } from './consolidation.tables';

/** The writes of the carrier panel's "accept" (issue 42): the carrier's booking details into the plan. */
export const consolCarrierRepository = {
  async planById(db: DbOrTx, id: number) {
    const [row] = await db.select().from(consolPlans).where(eq(consolPlans.consol_id, id));
    return row;
  },

  /** The carrier booking no. on every container of the plan. */
  async setCarrierBookingNo(db: DbOrTx, consolId: number, no: string) {
    await db
      .update(consolContainers)
      .set({ carrier_booking_no: no })
      .where(eq(consolContainers.consol_id, consolId));
  },

  /** The vessel and voyage of the plan's sailing (the selected proposal). */
  async setSailingVesselVoyage(db: DbOrTx, proposalId: number, v: { vessel_name?: string; voyage?: string }) {
    await db
      .update(consolProposals)
      .set(v)
      .where(and(eq(consolProposals.proposal_id, proposalId)));
  },
};
