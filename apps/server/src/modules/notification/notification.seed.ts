import {
  allowedPartyTransitions,
  INVOICE_POSTING_AUDIENCE,
  NOTIFICATION_MODULE_DOC,
  NOTIFICATION_MODULE_FUNC,
  NOTIFICATION_MODULES,
  type TNotificationEventCode,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { emitNotification, notifyConsol, notifyInvoice, notifyMbl } from '../../platform/notify/notify';
import { defaultCodes, dispatchPending } from './notification.dispatch';

/** Profile types that act next on a party in `status` (the `approvers` audience of party events). */
export const partyApprovers = (status: string) => [
  ...new Set(allowedPartyTransitions(status, 'ADMIN').flatMap((t) => [...t.profiles])),
];

/**
 * Events of demo plans waiting for or given the customer's approval, issued master bills and invoices
 * prepared, approved, rejected and posted (issue 39), through the same one-line calls as the services.
 */
async function seedDocumentEvents(tx: DbOrTx) {
  const { rows: plans } = await tx.execute<{
    consol_no: string;
    status: string;
    customer_party_id: number | null;
    handling_office: string;
    pol: string;
    pod: string;
  }>(sql`
    select consol_no, status, customer_party_id, handling_office, pol, pod from consol_plans
     where status in ('PENDING_CUSTOMER', 'APPROVED', 'REJECTED') order by consol_id desc limit 4`);
  for (const p of plans)
    await notifyConsol(
      tx,
      p.status === 'PENDING_CUSTOMER'
        ? 'CONSOL_APPROVAL_REQUESTED'
        : p.status === 'APPROVED'
          ? 'CONSOL_APPROVED'
          : 'CONSOL_REJECTED',
      p,
      null,
    );
  const { rows: bills } = await tx.execute<{
    mbl_no: string;
    handling_office: string;
    carrier_mbl_no: string | null;
    consignee_party_id: number | null;
    notify_party_id: number | null;
  }>(sql`
    select mbl_no, handling_office, carrier_mbl_no, consignee_party_id, notify_party_id from master_bls
     where status = 'ISSUED' order by mbl_id desc limit 2`);
  for (const m of bills) await notifyMbl(tx, 'MBL_ISSUED', m, null);
  const { rows: invoices } = await tx.execute<{
    inv_id: number;
    invoice_no: string;
    inv_type: string;
    office_code: string;
    status: string;
  }>(sql`
    select distinct on (status) inv_id, invoice_no, inv_type, office_code, status from invoices
     where status in ('PREPARED', 'APPROVED_1', 'REJECTED', 'POSTED') and office_code = 'HKG'
     order by status, inv_id desc`);
  for (const i of invoices) {
    if (i.status === 'PREPARED') await notifyInvoice(tx, 'INVOICE_PREPARED', i, ['SUPERVISOR'], null);
    if (i.status === 'APPROVED_1') await notifyInvoice(tx, 'INVOICE_APPROVED', i, ['MANAGER'], null);
    if (i.status === 'REJECTED') await notifyInvoice(tx, 'INVOICE_REJECTED', i, [], null);
    if (i.status === 'POSTED') await notifyInvoice(tx, 'INVOICE_POSTED', i, INVOICE_POSTING_AUDIENCE, null);
  }
}

/**
 * Demo messages: events about recent demo bookings, pending parties, plans, bills and invoices go through the real recipient
 * rule (so each user hears only of documents they may see), without e-mail; all but each user's two
 * newest are read, spread over the last days. Every user gets the default setting of each module.
 */
export async function seedDemoNotifications(db: Db) {
  const { rows: orders } = await db.execute<{
    so_no: string;
    status: string;
    handling_office: string;
    party_ids: number[];
  }>(sql`
    select so_no, status, handling_office,
           array_remove(array[shipper_id, customer_id, consignee_id, notify_id, nomination_agent_id,
                              release_agent_id], null) as party_ids
      from shipping_orders order by so_id desc limit 12`);
  const { rows: partyRows } = await db.execute<{
    party_id: number;
    short_name: string;
    approval_status: string;
  }>(sql`select party_id, short_name, approval_status from parties order by party_id limit 4`);
  await db.transaction(async (tx) => {
    for (const o of orders) {
      const codes: TNotificationEventCode[] = ['BOOKING_CREATED'];
      if (o.status === 'CONFIRMED') codes.push('BOOKING_CONFIRMED');
      if (o.status === 'CANCELLED') codes.push('BOOKING_CANCELLED');
      for (const event_code of codes)
        await emitNotification(tx, {
          event_code,
          doc_code: o.so_no,
          party_ids: o.party_ids,
          office_code: o.handling_office,
          documents: { so_no: o.so_no },
        });
    }
    for (const p of partyRows)
      await emitNotification(tx, {
        event_code: 'PARTY_SUBMITTED',
        doc_code: String(p.party_id),
        params: { name: p.short_name },
        approver_profile_types: partyApprovers('P'),
      });
    // Issue 39: plans, bills and invoices in the centre too, raised last so they are among each user's newest.
    await seedDocumentEvents(tx);
  });
  await dispatchPending(db, { publicBaseUrl: '', limit: 1000, mail: false });
  await db.execute(sql`
    update notification_messages m
       set is_read = x.rn > 2, message_dt = now() - (x.rn * interval '97 minutes')
      from (select message_id, row_number() over (partition by user_uid order by message_id desc) as rn
              from notification_messages) x
     where x.message_id = m.message_id`);
  for (const module of NOTIFICATION_MODULES) {
    const codes = `{${defaultCodes(module).join(',')}}`;
    await db.execute(sql`
      insert into notification_settings (user_uid, module, doc_code, follow_setting, customized)
      select distinct u.user_uid, ${module}, ${NOTIFICATION_MODULE_DOC}, ${codes}::text[], false
        from users u join user_profiles p on p.user_uid = u.user_uid
        join role_funcs rf on rf.role_id = p.role_id and rf.func_id = ${NOTIFICATION_MODULE_FUNC[module]}
      on conflict do nothing`);
  }
}
