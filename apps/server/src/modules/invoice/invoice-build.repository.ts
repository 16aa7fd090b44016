import { sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared, keyIn } from '../../platform/db/client';
import type { invoiceRepository } from './invoice.repository';

/**
 * What a save is built from, in one statement (it runs on every create and edit): the account and issuing
 * parties by code, the orders of the jobs (as `ordersOfJobs`) and the side each charge code may be used on.
 */
export async function buildInputs(
  db: DbOrTx,
  o: { accountCode: string; issueCode: string | null; jobNos: string[]; chargeCodes: string[] },
) {
  type Party = { party_id: number; party_code: string; full_name: string };
  const { rows } = await executePrepared<{
    party: (Party & { country_code: string | null; bank_currency: string | null; status: string }) | null;
    issue: Party | null;
    orders: Awaited<ReturnType<typeof invoiceRepository.ordersOfJobs>>;
    codes: { charge_code: string; ar_use: boolean; ap_use: boolean }[];
  }>(
    db,
    sql`select
      (select row_to_json(p) from (select party_id, party_code, full_name, country_code, bank_currency, status
                                     from parties where party_code = ${o.accountCode}) p) as party,
      (select row_to_json(p) from (select party_id, party_code, full_name
                                     from parties where party_code = ${o.issueCode}::text) p) as issue,
      coalesce((select json_agg(x order by x.job_no, x.so_no) from (
        select so.so_no, so.job_no, so.hbl_no, so.handling_office, so.etd::text as etd, so.transport_mode,
               so.salesman, so.customer_id,
               coalesce((select array_agg(c.container_no) from so_containers c
                          where c.so_id = so.so_id and c.container_no is not null), '{}') as container_nos
          from shipping_orders so where ${keyIn(sql`so.job_no`, o.jobNos, 'text')}) x), '[]') as orders,
      coalesce((select json_agg(c) from (select charge_code, ar_use, ap_use from charge_codes
                                          where charge_code = any(${sql.param(o.chargeCodes)}::text[])) c), '[]')
        as codes`,
  );
  return rows[0];
}
