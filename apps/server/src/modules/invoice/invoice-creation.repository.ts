import { INVOICE_CREATION_AGEING_DAYS, type TInvoiceType } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

// ---------------------------------------------------------------------------------------------------------
// Jobs waiting for an invoice (issue 38): the ONE definition behind the invoice module's PendingCreation lists
// and the finance module's late invoicing (dashboard card, LateInvoicing list and its aggregate fin_late), so
// a job the AR clerk sees "Overdue" is a job the finance dashboard counts late (docs/invoices.md "Pending
// creation and late invoicing").
// ---------------------------------------------------------------------------------------------------------

/**
 * A shipping order `so` whose job waits for its first invoice of `side` (a side name or a SQL column): it has
 * a job no., is not cancelled, and the job has no invoice of that side in any status but Deleted.
 */
export const awaitingInvoiceSql = (side: SQL | string): SQL => sql`so.job_no is not null
  and so.status <> 'CANCELLED'
  and not exists (select 1 from invoice_jobs j join invoices i on i.inv_id = j.inv_id
                   where j.job_no = so.job_no and i.inv_type = ${side} and i.status <> 'DELETED')`;

/**
 * Late for `side` on `day`: ETD + the side's creation threshold (002 §9: AR 2 days, AP 5;
 * INVOICE_CREATION_AGEING_DAYS) on or before the day. Yellow from the threshold, red ("Overdue") from twice it.
 */
export const lateOnSql = (side: TInvoiceType, day: SQL): SQL =>
  sql`so.etd <= ${day} - ${INVOICE_CREATION_AGEING_DAYS[side]}::int`;

/**
 * The party an invoice of the job's `side` is made out to (issue 38: AP offered the customer): AR bills the
 * order's customer; AP is billed by the job's vendor, the carrier's party (the party standing for the order's
 * carrier, `parties.carrier_id`), else the release agent, else the nomination agent (docs/decisions.md
 * "AP pending creation: the vendor"). Null when the job names none of them.
 */
export const billedPartySql = (side: TInvoiceType): SQL =>
  side === 'AR'
    ? sql`so.customer_id`
    : sql`coalesce((select c.party_id from parties c join carriers k on k.id = c.carrier_id
                     where k.carrier_code = so.carrier_code
                     order by c.party_code limit 1),
                   so.release_agent_id, so.nomination_agent_id)`;

export interface PendingCreationDbRow extends Record<string, unknown> {
  job_no: string;
  so_nos: string[];
  etd: string;
  handling_office: string;
  account_code: string | null;
  account_name: string | null;
}

/**
 * Jobs whose ETD has passed with no invoice of this side yet (PendingCreation, 002 §2), oldest ETD first. Local
 * or overseas by the billed party's country against the handling office's (no party: local).
 */
export async function pendingCreationRows(
  db: DbOrTx,
  side: TInvoiceType,
  overseas: boolean,
  limit: number,
): Promise<PendingCreationDbRow[]> {
  const { rows } = await db.execute<PendingCreationDbRow>(sql`
    select so.job_no, array_agg(so.so_no order by so.so_no) as so_nos, min(so.etd)::text as etd,
           min(so.handling_office) as handling_office, min(p.party_code) as account_code,
           min(p.full_name) as account_name
      from shipping_orders so
      join offices o on o.code = so.handling_office
      left join parties p on p.party_id = ${billedPartySql(side)}
     where ${awaitingInvoiceSql(side)} and so.etd < current_date
       and (coalesce(p.country_code, o.country_code) <> o.country_code) = ${overseas}
     group by so.job_no
     order by min(so.etd), so.job_no
     limit ${limit}`);
  return rows;
}
