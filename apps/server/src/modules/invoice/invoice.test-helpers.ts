import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/** A job to bill in the invoice tests: the first of an office in China (the demo data's VAT offices). */
export async function cnJob(db: DbOrTx): Promise<{ job_no: string; so_no: string; etd: string }> {
  const { rows } = await db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders
         where job_no is not null and handling_office in (select code from offices where country_code = 'CN')
         order by job_no limit 1`,
  );
  return rows[0];
}
