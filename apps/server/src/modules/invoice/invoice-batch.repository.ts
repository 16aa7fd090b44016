import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { invoices } from './invoice.tables';
import { invoiceExportBatches, invoiceGroups, invoiceLinks } from './invoice-batch.tables';

export type InvoiceGroupRow = typeof invoiceGroups.$inferSelect;
export type ExportBatchRow = typeof invoiceExportBatches.$inferSelect;

/** A line of the accounting export: the charge line with its ledger and the invoice's party account. */
export interface ExportLineRow extends Record<string, unknown> {
  inv_id: number;
  line_no: number;
  charge_code: string;
  description: string;
  ledger_code: string;
  dr_cr: 'DR' | 'CR';
  tax_code: string | null;
  amount: string;
  tax_amount: string;
  job_no: string | null;
}

/** SQL of the moves after approval, batches, groups and job lists (docs/invoices.md "After approval"). */
export const invoiceBatchRepository = {
  /** Locks the invoices in id order (no deadlock between two batches) and returns them. */
  lockMany: (db: DbOrTx, ids: number[]) =>
    db
      .select()
      .from(invoices)
      .where(inArray(invoices.inv_id, ids))
      .orderBy(asc(invoices.inv_id))
      .for('update'),

  /** Charge lines of the invoices with their ledger codes, in invoice and line order. */
  async exportLines(db: DbOrTx, ids: number[]) {
    const { rows } = await db.execute<ExportLineRow>(sql`
      select l.inv_id, l.line_no, l.charge_code, l.description, c.ledger_code, l.dr_cr, l.tax_code,
             l.amount::text as amount, l.tax_amount::text as tax_amount, l.job_no
        from invoice_lines l join charge_codes c on c.charge_code = l.charge_code
       where l.inv_id = any(${sql.param(ids)}::int[])
       order by l.inv_id, l.line_no`);
    return rows;
  },

  /** The party's SunSystems account code (001 §3), falling back to the party code. */
  async sunAccounts(db: DbOrTx, partyIds: number[]) {
    const { rows } = await db.execute<{ party_id: number; sun: string }>(sql`
      select party_id, coalesce(nullif(sun_ac_code, ''), party_code) as sun
        from parties where party_id = any(${sql.param(partyIds)}::int[])`);
    return new Map(rows.map((r) => [r.party_id, r.sun]));
  },

  /** The first job of each invoice (analysis code T1 of the journal). */
  async firstJobs(db: DbOrTx, ids: number[]) {
    const { rows } = await db.execute<{ inv_id: number; job_no: string; jobs: number }>(sql`
      select inv_id, min(job_no) as job_no, count(distinct job_no)::int as jobs
        from invoice_jobs where inv_id = any(${sql.param(ids)}::int[]) group by inv_id`);
    return new Map(rows.map((r) => [r.inv_id, r]));
  },

  /** The next number of a daily series (export batches, groups): prefix + yymmdd + 4 digits. */
  async nextNo(db: DbOrTx, kind: 'export' | 'group', prefix: string) {
    const table = kind === 'export' ? 'invoice_export_batches' : 'invoice_groups';
    const column = kind === 'export' ? 'batch_id' : 'group_id';
    const { rows } = await db.execute<{ n: string }>(
      sql`select nextval(pg_get_serial_sequence(${table}, ${column}))::text as n`,
    );
    const day = new Date().toISOString().slice(2, 10).replaceAll('-', '');
    return { id: Number(rows[0].n), no: `${prefix}${day}${rows[0].n.padStart(4, '0')}` };
  },

  async insertExportBatch(db: DbOrTx, values: typeof invoiceExportBatches.$inferInsert) {
    const [row] = await db.insert(invoiceExportBatches).values(values).returning();
    return row;
  },

  async exportBatch(db: DbOrTx, batchNo: string) {
    const [row] = await db
      .select()
      .from(invoiceExportBatches)
      .where(eq(invoiceExportBatches.batch_no, batchNo));
    return row;
  },

  recentExportBatches: (db: DbOrTx, limit: number) =>
    db.select().from(invoiceExportBatches).orderBy(desc(invoiceExportBatches.batch_id)).limit(limit),

  async insertGroup(db: DbOrTx, values: typeof invoiceGroups.$inferInsert) {
    const [row] = await db.insert(invoiceGroups).values(values).returning();
    return row;
  },

  async groupByNo(db: DbOrTx, groupNo: string, forUpdate = false) {
    const q = db.select().from(invoiceGroups).where(eq(invoiceGroups.group_no, groupNo));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  async dissolveGroup(db: DbOrTx, groupId: number, by: string) {
    await db
      .update(invoiceGroups)
      .set({ status: 'DISSOLVED', dissolved_by: by, dissolved_at: sql`now()` })
      .where(eq(invoiceGroups.group_id, groupId));
  },

  /** Ids and versions of the invoices carrying a group no. */
  invoicesOfGroup: (db: DbOrTx, groupNo: string) =>
    db
      .select({ inv_id: invoices.inv_id, version: invoices.version })
      .from(invoices)
      .where(eq(invoices.group_no, groupNo))
      .orderBy(asc(invoices.inv_id)),

  /** Active groups and every group created since `since` (the 2-month history), newest first. */
  async groups(db: DbOrTx, since: string, kind?: string) {
    const byKind = kind ? eq(invoiceGroups.kind, kind) : undefined;
    const current = await db
      .select()
      .from(invoiceGroups)
      .where(and(eq(invoiceGroups.status, 'ACTIVE'), byKind))
      .orderBy(desc(invoiceGroups.group_id))
      .limit(500);
    const history = await db
      .select()
      .from(invoiceGroups)
      .where(and(gte(invoiceGroups.created_at, since), byKind))
      .orderBy(desc(invoiceGroups.group_id))
      .limit(2000);
    return { current, history };
  },

  async insertLink(db: DbOrTx, type: 'REVERSAL' | 'INTER_ACCOUNT_DN', from: number, to: number) {
    await db.insert(invoiceLinks).values({ link_type: type, from_inv_id: from, to_inv_id: to });
  },

  async linkFrom(db: DbOrTx, type: 'REVERSAL' | 'INTER_ACCOUNT_DN', from: number) {
    const [row] = await db
      .select()
      .from(invoiceLinks)
      .where(and(eq(invoiceLinks.link_type, type), eq(invoiceLinks.from_inv_id, from)));
    return row;
  },

  /** The latest document uploaded to an invoice (batch upload document reads its AP ref). */
  async latestDocument(db: DbOrTx, invId: number) {
    const { rows } = await db.execute<{ file_name: string; content_type: string; sha256: string }>(sql`
      select file_name, content_type, sha256 from documents
       where entity_type = 'invoice' and entity_id = ${String(invId)} and not removed
       order by document_id desc limit 1`);
    return rows[0];
  },

  /** Links touching an invoice (either end), for the detail screen. */
  linksOf: (db: DbOrTx, id: number) =>
    db.execute<{
      link_type: string;
      from_inv_id: number;
      to_inv_id: number;
      from_no: string;
      to_no: string;
    }>(sql`
      select k.link_type, k.from_inv_id, k.to_inv_id, f.invoice_no as from_no, t.invoice_no as to_no
        from invoice_links k join invoices f on f.inv_id = k.from_inv_id join invoices t on t.inv_id = k.to_inv_id
       where k.from_inv_id = ${id} or k.to_inv_id = ${id}`),

  /**
   * Jobs with their invoice counts (JobSearch, BlankJob): one row per job, newest ETD first; `blank` keeps
   * only jobs without a single charge line on any invoice (002 §2 BlankJob, "jobs with no charges").
   */
  async jobs(db: DbOrTx, o: { q?: string; blank: boolean; limit: number }) {
    const like = o.q ? `${o.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const { rows } = await db.execute<{
      job_no: string;
      so_nos: string[];
      etd: string;
      handling_office: string;
      account_code: string;
      account_name: string;
      ar_count: number;
      ap_count: number;
      line_count: number;
      open_count: number;
      unposted_count: number;
      gp_locked: boolean;
    }>(sql`
      with j as (
        select so.job_no, array_agg(so.so_no order by so.so_no) as so_nos, min(so.etd)::text as etd,
               min(so.handling_office) as handling_office, min(p.party_code) as account_code,
               min(p.full_name) as account_name
          from shipping_orders so join parties p on p.party_id = so.customer_id
         where so.job_no is not null
           ${like ? sql`and (so.job_no like ${like} or so.so_no like ${like})` : sql``}
         group by so.job_no)
      select j.*,
             coalesce(s.ar_count, 0)::int as ar_count, coalesce(s.ap_count, 0)::int as ap_count,
             coalesce(s.line_count, 0)::int as line_count, coalesce(s.open_count, 0)::int as open_count,
             coalesce(s.unposted_count, 0)::int as unposted_count,
             -- A period close locked the job (modules/period's period_job_locks): Completed-GP Locked.
             exists (select 1 from period_job_locks pl where pl.job_no = j.job_no) as gp_locked
        from j
        left join lateral (
          select count(distinct i.inv_id) filter (where i.inv_type = 'AR') as ar_count,
                 count(distinct i.inv_id) filter (where i.inv_type = 'AP') as ap_count,
                 (select count(*) from invoice_lines l
                   where l.inv_id in (select ij.inv_id from invoice_jobs ij join invoices ii on ii.inv_id = ij.inv_id
                                       where ij.job_no = j.job_no and ii.status <> 'DELETED')) as line_count,
                 count(distinct i.inv_id) filter (where i.status in ('NEW','PREPARED','APPROVED_1','REJECTED')) as open_count,
                 count(distinct i.inv_id) filter (where i.status not in ('POSTED','CLOSED','REVERSED','POST_REVERSED')) as unposted_count
            from invoice_jobs ij join invoices i on i.inv_id = ij.inv_id
           where ij.job_no = j.job_no and i.status <> 'DELETED') s on true
       ${o.blank ? sql`where coalesce(s.line_count, 0) = 0` : sql``}
       order by j.etd desc, j.job_no
       limit ${o.limit}`);
    return rows;
  },
};
