import type { TApprovalAction, TApprovalStatus } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { DEMO_OPS_NAME } from '../../platform/seed/demo-people';
import { BOOKING_ENTITY, shippingOrders } from '../booking';
import { parties } from '../party';
import { routingTemplates } from '../routing-template';
import { sailingSchedules } from '../sailing-schedule';
import { equipmentMix, priceProposals, quoteRates } from './booking-approval.pricing';
import { approvalRepository } from './booking-approval.repository';
import { bookingProposals } from './booking-approval.tables';

/** The approval state each demo booking (booking.seed.ts) is given, with the ageing of its approval clock. */
interface DemoApproval {
  so_no: string;
  status: TApprovalStatus;
  agedHours: number;
  reason?: string;
  byMr?: boolean;
  byCustomer?: boolean;
  /** Only the booking's own sailing is proposed (advice, or approval of that sailing). */
  single?: boolean;
}

// biome-ignore format: one booking per row
const DEMO_APPROVALS: DemoApproval[] = [
  // agent@ (CNSHA001) and consignee@ (USLAX001) are this booking's customer.
  { so_no: 'DEMOSHA012', status: 'PENDING_CUSTOMER', agedHours: 30 },
  { so_no: 'DEMOHKG013', status: 'PENDING_CUSTOMER', agedHours: 52 },
  { so_no: 'DEMOSHA015', status: 'APPROVED', agedHours: 100, single: true },
  { so_no: 'DEMOSHA016', status: 'APPROVED', agedHours: 150, byCustomer: true, single: true },
  { so_no: 'DEMOHKG017', status: 'APPROVED', agedHours: 190, single: true },
  { so_no: 'DEMOHKG018', status: 'BOOKING_ADVICE', agedHours: 12, single: true },
  { so_no: 'DEMOSHA022', status: 'REQUEST_FOR_APPROVAL', agedHours: 4 },
  { so_no: 'DEMOHKG023', status: 'REQUEST_FOR_APPROVAL', agedHours: 28, byMr: true },
  { so_no: 'DEMOSZX025', status: 'REJECTED', agedHours: 30, reason: 'Transit time too long for the promotion date' },
];

/** The action that leads to each approval status (for the demo history). */
const LAST_ACTION: Record<TApprovalStatus, TApprovalAction> = {
  REQUEST_FOR_APPROVAL: 'propose',
  PENDING_CUSTOMER: 'request_approval',
  APPROVED: 'approve',
  REJECTED: 'reject',
  BOOKING_ADVICE: 'booking_advice',
};

/** A demo routing template for the demo customer and consignee (HKCUS001 → USLAX001), editable, ETA checked. */
async function seedDemoRoutingTemplate(db: DbOrTx, today: Date) {
  const [customer] = await db.select().from(parties).where(eq(parties.party_code, 'HKCUS001'));
  const [consignee] = await db.select().from(parties).where(eq(parties.party_code, 'USLAX001'));
  if (!customer || !consignee) return;
  const [exists] = await db
    .select({ id: routingTemplates.routing_template_id })
    .from(routingTemplates)
    .where(
      and(
        eq(routingTemplates.consignee_party_id, consignee.party_id),
        eq(routingTemplates.customer_party_id, customer.party_id),
      ),
    );
  if (exists) return;
  const from = new Date(today.getTime() - 60 * 86_400_000).toISOString().slice(0, 10);
  await db
    .insert(routingTemplates)
    .values({
      name: 'HK Customer to Los Angeles (demo)',
      customer_party_id: customer.party_id,
      consignee_party_id: consignee.party_id,
      pod: 'USLAX',
      pld: 'USLAX',
      fd: 'USLAX',
      effective_from: from,
      effective_to: null,
      can_overwrite: true,
      eta_validation: true,
      created_by: DEMO_OPS_NAME,
      updated_by: DEMO_OPS_NAME,
    })
    .onConflictDoNothing();
}

/** Proposals for a demo booking: its own sailing first, then the other sailings of the lane (max 3). */
async function demoProposals(tx: DbOrTx, o: typeof shippingOrders.$inferSelect, single: boolean) {
  const lane = await tx
    .select()
    .from(sailingSchedules)
    .where(
      and(eq(sailingSchedules.pol, o.pol), eq(sailingSchedules.pod, o.pod), eq(sailingSchedules.status, 'A')),
    )
    .orderBy(asc(sailingSchedules.etd));
  const own = lane.filter((s) => s.sailing_schedule_id === o.sailing_id);
  const sailings = single
    ? own
    : [...own, ...lane.filter((s) => s.sailing_schedule_id !== o.sailing_id)].slice(0, 3);
  const mix = await equipmentMix(tx, o.so_id);
  // Each sailing with its carrier's rate, priced as a user's proposal is (priceProposals).
  const chosen: { sailing_id: number; rate_id: number | null }[] = [];
  for (const s of sailings) {
    const rate = (await quoteRates(tx, o, s.etd, mix)).find((q) => q.carrier_code === s.carrier_code);
    chosen.push({ sailing_id: s.sailing_schedule_id, rate_id: rate?.rate_id ?? null });
  }
  return priceProposals(tx, o, chosen);
}

/**
 * Demo approval data (only while no proposal exists): the demo routing template, and the demo bookings of
 * DEMO_APPROVALS put in each approval state with proposals priced from the demo sailings and rates. Approved
 * and advised bookings have their own sailing selected, so the booking's sailing does not change.
 */
export async function seedDemoApproval(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    await seedDemoRoutingTemplate(tx, now);
    const [exists] = await tx.select({ id: bookingProposals.proposal_id }).from(bookingProposals).limit(1);
    if (exists) return;
    for (const d of DEMO_APPROVALS) {
      const [o] = await tx
        .select()
        .from(shippingOrders)
        .where(and(eq(shippingOrders.so_no, d.so_no), eq(shippingOrders.created_by, DEMO_OPS_NAME)));
      if (!o?.sailing_id) continue;
      const list = await demoProposals(tx, o, !!d.single);
      if (!list.length) continue;
      const stored = await approvalRepository.replaceProposals(tx, o.so_id, list, 'seed');
      const decided = d.status === 'APPROVED' || d.status === 'BOOKING_ADVICE';
      if (decided) await approvalRepository.select(tx, o.so_id, stored[0].proposal_id);
      const at = new Date(now.getTime() - d.agedHours * 3_600_000).toISOString();
      await tx
        .update(shippingOrders)
        .set({
          approval_status: d.status,
          approval_status_at: at,
          approval_reason: d.reason ?? null,
          approval_updated_by_mr: !!d.byMr,
          approval_updated_by_customer: !!d.byCustomer,
          approved_proposal_id: decided ? stored[0].proposal_id : null,
          ...(decided && { rate_id: stored[0].rate_id }),
        })
        .where(eq(shippingOrders.so_id, o.so_id));
      await recordHistory(tx, {
        entityType: BOOKING_ENTITY,
        entityId: o.so_no,
        action: `approval_${LAST_ACTION[d.status]}`,
        toStatus: d.status,
        reason: d.reason ?? null,
        actor: { uid: '00000000-0000-0000-0000-000000000000', name: DEMO_OPS_NAME },
      });
    }
  });
}
