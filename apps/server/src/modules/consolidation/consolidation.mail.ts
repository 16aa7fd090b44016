import {
  CONSOL_CUSTOMER_SIDE,
  type TConsolAction,
  type TConsolStatus,
  type TConsolType,
} from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { queueMail } from '../../platform/mail/mail';
import { type PlanRow, consolRepository as repo } from './consolidation.repository';

const STATUS_TEXT: Record<TConsolStatus, string> = {
  PLAN: 'Plan',
  REQUEST_FOR_APPROVAL: 'Request for consol approval',
  PENDING_CUSTOMER: "Pending customer's approval",
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CONSOL_ADVICE: 'Consol plan advice',
  CANCELLED: 'Cancelled',
  RECOVERED: 'Recovered',
};

const ACTION_TEXT: Partial<Record<TConsolAction, string>> = {
  request_approval: 'Operations request your approval of a consol plan',
  consol_advice: 'Operations advise the sailing booked for a consol plan',
  approve: 'The customer approved the consol plan',
  reject: 'The customer rejected the consol plan',
  cancel: 'Operations cancelled the consol plan',
};

/**
 * Queues the e-mail of a consolidation step to the other side inside the action's transaction (the durable
 * mail job sends it only if the action commits): operations steps go to the customer side's users (or the
 * customer party's own address), customer decisions to the handling office's internal users.
 */
export async function queueConsolMail(
  tx: DbOrTx,
  args: {
    plan: PlanRow;
    action: TConsolAction;
    to: 'customer' | 'operations';
    status: TConsolStatus;
    reason: string | null;
    actorName: string;
    baseUrl: string;
  },
): Promise<number> {
  const p = args.plan;
  const text = ACTION_TEXT[args.action];
  if (!text) return 0;
  const addresses =
    args.to === 'customer'
      ? await repo.customerAddresses(
          tx,
          p.customer_party_id,
          CONSOL_CUSTOMER_SIDE[p.consol_type as TConsolType].profiles,
        )
      : await repo.operationsAddresses(tx, p.handling_office);
  if (!addresses.length) return 0;
  const link = `${args.baseUrl}/BMS/consolidation/consolidation_management/${encodeURIComponent(p.consol_no)}`;
  const lines = [
    `${text}.`,
    '',
    `Consol#: ${p.consol_no}`,
    `POL/POD: ${p.pol} → ${p.pod}`,
    `Status: ${STATUS_TEXT[args.status]}`,
    `By: ${args.actorName}`,
    ...(args.reason ? [`Reason: ${args.reason}`] : []),
    '',
    `Open the plan: ${link}`,
  ];
  for (const to of addresses) {
    await queueMail(tx, {
      to,
      subject: `Consol ${p.consol_no}: ${STATUS_TEXT[args.status]}`,
      text: lines.join('\n'),
      tag: `consolidation_${args.action}`,
    });
  }
  return addresses.length;
}
