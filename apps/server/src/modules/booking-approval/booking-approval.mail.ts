import type { TApprovalAction, TApprovalStatus } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { queueMail } from '../../platform/mail/mail';
import type { shippingOrders } from '../booking';
import type { PricedProposal } from './booking-approval.pricing';
import { approvalRepository as repo } from './booking-approval.repository';

type SoRow = typeof shippingOrders.$inferSelect;

const STATUS_TEXT: Record<TApprovalStatus, string> = {
  REQUEST_FOR_APPROVAL: 'Request For Approval',
  PENDING_CUSTOMER: "Pending Customer's Approval",
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  BOOKING_ADVICE: 'Booking Advice',
};

const ACTION_TEXT: Record<TApprovalAction, string> = {
  propose: 'Operations changed the proposed sailings',
  request_approval: 'Operations request your approval of the proposed sailings',
  booking_advice: 'Operations advise the sailing booked',
  approve: 'The customer approved a proposed sailing',
  reject: 'The customer rejected the proposed sailings',
  acknowledge_update: 'The update was acknowledged',
};

const sailingLine = (p: PricedProposal) =>
  `${p.carrier_code} ${p.vessel_name} ${p.voyage}, ${p.pol} → ${p.pod}, ETD ${p.etd}, ETA ${p.eta}` +
  (p.total_rate ? `, ${p.currency} ${p.total_rate}` : '');

/** Which side an action's e-mail goes to: internal actions tell the customer, customer actions tell operations. */
export function mailTarget(action: TApprovalAction, by: 'internal' | 'customer', fromDecided: boolean) {
  if (action === 'acknowledge_update') return null;
  if (by === 'customer') return 'operations' as const;
  if (action === 'propose' && !fromDecided) return null;
  return 'customer' as const;
}

/**
 * Queues the e-mail of an approval step to the other side inside the action's transaction (sent by the
 * durable mail job only if the action commits). English text with SO#, new status, the sailings and a link to
 * the booking's approval tab. Answers how many messages were queued.
 */
export async function queueApprovalMail(
  tx: DbOrTx,
  args: {
    order: SoRow;
    action: TApprovalAction;
    to: 'customer' | 'operations';
    status: TApprovalStatus;
    reason: string | null;
    sailings: PricedProposal[];
    actorName: string;
    baseUrl: string;
  },
): Promise<number> {
  const { order: o } = args;
  const addresses =
    args.to === 'customer' ? await repo.customerAddresses(tx, o) : await repo.operationsAddresses(tx, o);
  if (!addresses.length) return 0;
  const link = `${args.baseUrl}/BMS/enhance_booking_approval/shipping_order/${encodeURIComponent(o.so_no)}`;
  const status = STATUS_TEXT[args.status];
  const lines = [
    `${ACTION_TEXT[args.action]}.`,
    '',
    `SO#: ${o.so_no}`,
    `Approval status: ${status}`,
    `By: ${args.actorName}`,
    ...(args.reason ? [`Reason: ${args.reason}`] : []),
    ...(args.sailings.length
      ? [
          '',
          args.sailings.length > 1 ? 'Sailings:' : 'Sailing:',
          ...args.sailings.map((s) => `- ${sailingLine(s)}`),
        ]
      : []),
    '',
    `Open the booking: ${link}`,
  ];
  for (const to of addresses) {
    await queueMail(tx, {
      to,
      subject: `Booking ${o.so_no}: ${status}`,
      text: lines.join('\n'),
      tag: `booking_approval_${args.action}`,
    });
  }
  return addresses.length;
}
