import { type TInvoiceAction, type TInvoiceInput, ZCreateInvoiceRequest } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { invoiceService } from './invoice.service';

// What the demo invoice seeds (this module's and accounting's) share: lines, jobs, the request and the moves.

const DAY = 86_400_000;
/** `days` before `now` as an ISO time: the clocks a demo invoice has set back. */
export const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

export type DemoLine = TInvoiceInput['lines'][number];
/** A demo charge line: debit, price net of tax, tax-free unless told. */
export const demoLine = (
  charge_code: string,
  description: string,
  unit_price: string,
  quantity: string,
  uom: string,
  tax_code = 'NOTAX',
  tax_rate = '0',
): DemoLine => ({
  charge_code,
  description,
  unit_price,
  quantity,
  uom,
  tax_code,
  tax_rate,
  dr_cr: 'DR',
  price_includes_tax: false,
  reference: null,
  job_no: null,
});

export type DemoJob = { job_no: string; so_no: string; etd: string };
/** The demo orders that have a job, by job number (`newestFirst`: descending), at most `limit`. */
export async function demoJobs(db: Db, opts: { newestFirst?: boolean; limit?: number } = {}) {
  const { rows } = await db.execute<DemoJob>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null
         order by job_no ${opts.newestFirst ? sql`desc` : sql``}, so_no ${opts.limit ? sql`limit ${opts.limit}` : sql``}`,
  );
  return rows;
}

/**
 * A demo invoice request on one job: the job, its order, dated on its ETD, kind of its type, VAT special on
 * receivables and receipt on payables unless `fields` says otherwise.
 */
export const demoInvoiceInput = (
  job: DemoJob,
  fields: { inv_type: 'AR' | 'AP'; account_code: string; lines: DemoLine[]; [field: string]: unknown },
): TInvoiceInput =>
  ZCreateInvoiceRequest.parse({
    kind: fields.inv_type,
    job_nos: [job.job_no],
    so_nos: [job.so_no],
    invoice_date: job.etd,
    sub_type: fields.inv_type === 'AR' ? 'VAT_SPECIAL' : 'RECEIPT',
    ...fields,
  });

/** A move of a demo invoice: the action, with its reason and the user who makes it when not the creator. */
export type DemoMove = TInvoiceAction | { action: TInvoiceAction; reason?: string | null; actor?: Actor };

/** Creates a demo invoice as `actor` and makes its `moves`; answers its id and version after the last move. */
export async function createDemoInvoice(
  db: Db,
  config: AppConfig['invoice'],
  actor: Actor,
  input: TInvoiceInput,
  moves: readonly DemoMove[] = [],
) {
  const created = await db.transaction((tx) => invoiceService.create(tx, config, actor, input));
  const inv_id = created.row.inv_id;
  let version = created.row.version;
  for (const m of moves) {
    const { action, reason, actor: by = actor } = typeof m === 'string' ? { action: m } : m;
    version = (await invoiceService.act(db, by, inv_id, { action, version, reason })).row.version;
  }
  return { inv_id, version };
}
