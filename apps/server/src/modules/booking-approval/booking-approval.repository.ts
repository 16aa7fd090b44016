import { isExternalProfile, money, type TProposal } from '@portal/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { officeOperationsAddresses, partyUserAddresses } from '../../platform/access/mail-recipients';
import type { DbOrTx } from '../../platform/db/client';
import { shippingOrders } from '../booking';
import { ownPartyIdsSql } from '../party';
import { type PricedProposal, transitDays } from './booking-approval.pricing';
import { bookingProposals } from './booking-approval.tables';

type SoRow = typeof shippingOrders.$inferSelect;
export type ProposalRow = typeof bookingProposals.$inferSelect;

/** Local wall-clock time as the API writes it: 'YYYY-MM-DDTHH:mm'. */
const localOut = (v: string | null) => (v ? v.slice(0, 16).replace(' ', 'T') : null);

export const presentProposal = (p: ProposalRow): TProposal => ({
  proposal_id: p.proposal_id,
  seq: p.seq,
  sailing_id: p.sailing_id,
  rate_id: p.rate_id,
  carrier_code: p.carrier_code,
  vessel_name: p.vessel_name,
  voyage: p.voyage,
  pol: p.pol,
  pod: p.pod,
  etd: p.etd,
  eta: p.eta,
  transit_days: transitDays(p.etd, p.eta),
  is_tbc: p.is_tbc,
  cfs_cutoff: localOut(p.cfs_cutoff),
  cy_cutoff: localOut(p.cy_cutoff),
  vgm_cutoff: localOut(p.vgm_cutoff),
  si_cutoff: localOut(p.si_cutoff),
  currency: p.currency,
  rate_containers: p.rate_containers,
  // Stored in numeric(18,4); answered with the currency's decimals like the quote that priced it.
  total_rate: p.total_rate === null ? null : money.round(p.total_rate, p.currency),
  remarks: p.remarks,
  is_selected: p.is_selected,
});

/** Which side of the approval the actor is on for this booking. */
export type ApprovalSide = 'internal' | 'customer' | 'none';

/** Booking approval queries: proposals, the customer check and mail recipients. */
export const approvalRepository = {
  proposals(db: DbOrTx, soId: number) {
    return db
      .select()
      .from(bookingProposals)
      .where(eq(bookingProposals.so_id, soId))
      .orderBy(asc(bookingProposals.seq));
  },

  /** Replaces the booking's proposals with `list` (in order, seq from 1). */
  async replaceProposals(tx: DbOrTx, soId: number, list: PricedProposal[], by: string) {
    await tx.delete(bookingProposals).where(eq(bookingProposals.so_id, soId));
    if (!list.length) return [];
    return tx
      .insert(bookingProposals)
      .values(list.map((p, i) => ({ ...p, so_id: soId, seq: i + 1, created_by: by })))
      .returning();
  },

  /** Marks one proposal selected (and the others not). */
  async select(tx: DbOrTx, soId: number, proposalId: number) {
    await tx
      .update(bookingProposals)
      .set({ is_selected: sql`${bookingProposals.proposal_id} = ${proposalId}` })
      .where(eq(bookingProposals.so_id, soId));
  },

  /**
   * The actor's side on this booking: internal profiles are operations ("MR"); an AGENT profile owning the
   * booking's nomination or release agent, or a CONSIGNEE profile owning its consignee, is the customer;
   * any other external profile (a shipper, another agent) has no part in the approval.
   */
  async sideOf(db: DbOrTx, actor: Actor, o: SoRow): Promise<ApprovalSide> {
    if (!isExternalProfile(actor.profile_type)) return 'internal';
    const own = ownPartyIdsSql(actor);
    const candidates =
      actor.profile_type === 'AGENT'
        ? [o.nomination_agent_id, o.release_agent_id]
        : actor.profile_type === 'CONSIGNEE'
          ? [o.consignee_id]
          : [];
    const ids = candidates.filter((id): id is number => id !== null);
    if (!own || !ids.length) return 'none';
    const { rows } = await db.execute<{ ok: boolean }>(
      sql`select exists(select 1 from ${own} x where x.party_id in (${sql.join(ids, sql`, `)})) as ok`,
    );
    return rows[0]?.ok ? 'customer' : 'none';
  },

  /**
   * E-mail addresses of the customer side: active users with an active AGENT profile owning the booking's
   * nomination/release agent or a CONSIGNEE profile owning its consignee (through party groups). Login ids
   * are e-mail addresses. Falls back to those parties' own e-mail addresses when no user qualifies.
   */
  async customerAddresses(db: DbOrTx, o: SoRow): Promise<string[]> {
    const agents = [o.nomination_agent_id, o.release_agent_id].filter((x): x is number => x !== null);
    const found = await partyUserAddresses(db, [
      { profiles: ['CONSIGNEE'], partyIds: [o.consignee_id] },
      { profiles: ['AGENT'], partyIds: agents },
    ]);
    if (found.length) return found;
    const partyIds = [o.consignee_id, ...agents];
    const fallback = await db.execute<{ email: string }>(sql`
      select distinct lower(trim(email)) as email from parties
       where party_id in (${sql.join(partyIds, sql`, `)}) and email like '%@%' order by 1`);
    return fallback.rows.map((r) => r.email);
  },

  /**
   * E-mail addresses of the operations side: the internal user who last requested approval or gave booking
   * advice (status history), else the booking's creator when that is an internal user, else the active
   * users with an active internal profile at the booking's handling office.
   */
  async operationsAddresses(db: DbOrTx, o: SoRow): Promise<string[]> {
    const internalUser = (uidSql: ReturnType<typeof sql>) => sql`
      select lower(u.login_id) as email from users u
       where u.user_uid::text = (${uidSql})::text and u.status = 'A' and u.login_id like '%@%'
         and exists (select 1 from user_profiles p join profile_types t on t.profile_type_id = p.profile_type_id
                      where p.user_uid = u.user_uid and p.status = 'A' and t.is_internal)`;
    const last = await db.execute<{ email: string }>(
      internalUser(sql`select h.actor_uid from status_history h
        where h.entity_type = 'booking' and h.entity_id = ${o.so_no}
          and h.action in ('approval_request_approval', 'approval_booking_advice', 'approval_propose')
        order by h.id desc limit 1`),
    );
    if (last.rows.length) return last.rows.map((r) => r.email);
    if (o.user_uid) {
      const creator = await db.execute<{ email: string }>(internalUser(sql`${o.user_uid}`));
      if (creator.rows.length) return creator.rows.map((r) => r.email);
    }
    return officeOperationsAddresses(db, o.handling_office);
  },

  /** Sets approval columns of a booking the caller holds locked (the version was checked under the lock). */
  async updateOrder(tx: DbOrTx, soId: number, values: Partial<typeof shippingOrders.$inferInsert>) {
    await tx.update(shippingOrders).set(values).where(eq(shippingOrders.so_id, soId));
  },
};
