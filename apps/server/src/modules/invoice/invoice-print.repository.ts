import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { parties } from '../party';
import { invoices } from './invoice.tables';
import { invoicePrints } from './invoice-print.tables';

export type InvoicePrintRow = typeof invoicePrints.$inferSelect;

/** Queries of printing, signatures and e-mail (SQL only here). */
export const invoicePrintRepository = {
  async logPrint(db: DbOrTx, v: typeof invoicePrints.$inferInsert) {
    const [row] = await db.insert(invoicePrints).values(v).returning();
    return row;
  },

  async logPrints(db: DbOrTx, values: (typeof invoicePrints.$inferInsert)[]) {
    if (values.length) await db.insert(invoicePrints).values(values);
  },

  prints: (db: DbOrTx, invId: number) =>
    db.select().from(invoicePrints).where(eq(invoicePrints.inv_id, invId)).orderBy(asc(invoicePrints.id)),

  /** Side, account and kind of several invoices (merge / CR summary checks), in the order asked. */
  async heads(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({
        inv_id: invoices.inv_id,
        invoice_no: invoices.invoice_no,
        inv_type: invoices.inv_type,
        kind: invoices.kind,
        account_code: invoices.account_code,
        status: invoices.status,
      })
      .from(invoices)
      .where(inArray(invoices.inv_id, ids));
  },

  /**
   * Who prepared and approved the invoice, from its status history (the invoice keeps names; the history
   * keeps the user ids): the latest prepare/resubmit, 1st and 2nd approval.
   */
  async signers(db: DbOrTx, invId: number) {
    const { rows } = await db.execute<{ role: string; uid: string | null; name: string | null }>(
      sql`select distinct on (role) role, actor_uid as uid, actor_name as name
            from (select case when action in ('prepare', 'resubmit') then 'prepared'
                              when action = 'approve_1' then 'approved_1'
                              else 'approved_2' end as role, actor_uid, actor_name, id
                    from status_history
                   where entity_type = 'invoice' and entity_id = ${String(invId)}
                     and action in ('prepare', 'resubmit', 'approve_1', 'approve_2')) h
           order by role, id desc`,
    );
    return rows;
  },

  /** The billed party's address, tax id and terms for the bill-to block. */
  async billTo(db: DbOrTx, partyId: number) {
    const [row] = await db
      .select({
        party_code: parties.party_code,
        full_name: parties.full_name,
        address1: parties.address1,
        address2: parties.address2,
        address3: parties.address3,
        address4: parties.address4,
        city: parties.city,
        zip_postal: parties.zip_postal,
        country_code: parties.country_code,
        tel: parties.tel,
        tax_id: parties.tax_id,
        invoice_email: parties.invoice_email,
        payment_terms_ar: parties.payment_terms_ar,
        payment_terms_ap: parties.payment_terms_ap,
        bank_name: parties.bank_name,
        bank_account_no: parties.bank_account_no,
        beneficiary_name: parties.beneficiary_name,
        bic: parties.bic,
      })
      .from(parties)
      .where(eq(parties.party_id, partyId));
    return row;
  },

  async office(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ full_name: string; country_code: string }>(
      sql`select full_name, country_code from offices where code = ${code}`,
    );
    return rows[0];
  },

  /** Sets printed_at the first time the invoice is printed (the ageing clock of PendingPosting, 002 §9). */
  async markPrinted(db: DbOrTx, invId: number, fileName: string) {
    await db
      .update(invoices)
      .set({ printed_at: sql`coalesce(${invoices.printed_at}, now())`, print_file: fileName })
      .where(eq(invoices.inv_id, invId));
  },

  /** Keeps the e-mailed addresses as the invoice's tax-invoice e-mails (002 §3). */
  async setTaxInvoiceEmails(db: DbOrTx, invId: number, emails: string[]) {
    await db.update(invoices).set({ tax_invoice_emails: emails }).where(eq(invoices.inv_id, invId));
  },
};
