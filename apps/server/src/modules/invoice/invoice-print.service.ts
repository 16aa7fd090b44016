import {
  formatMoneyWithCode,
  INVOICE_EMAIL_MAX,
  INVOICE_EMAILABLE_STATUSES,
  INVOICE_PRINT_MSG,
  type TInvoiceEmailDefaults,
  type TInvoiceEmailRequest,
  type TInvoicePrintOptions,
  type TInvoiceType,
  type ZInvoiceEmailRequest,
  ZInvoicePrintOptions,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error';
import { coveringLetter, queuePdfMails } from '../../platform/mail/pdf-mail';
import { signatureService } from '../signature';
import {
  type CrSummaryRow,
  type InvoicePdfData,
  renderCrSummaryPdf,
  renderInvoicesPdf,
  resolveLayout,
} from './invoice.pdf';
import { assertCanRead, invoiceService } from './invoice.service';
import { invoicePrintRepository as repo } from './invoice-print.repository';

type InvoiceConfig = AppConfig['invoice'];
type Full = Awaited<ReturnType<typeof invoiceService.load>>;
export const DEFAULT_PRINT_OPTIONS: TInvoicePrintOptions = ZInvoicePrintOptions.parse({});

const COMPANY_DEFAULT = { companyName: 'Portal Freight Logistics Limited', address: [], bank: [] };

/** Everything the PDF shows for one invoice (header, party, lines, totals, signers with their images). */
async function pdfData(db: DbOrTx, config: InvoiceConfig, full: Full): Promise<InvoicePdfData> {
  const r = full.row;
  const company = config.print ?? COMPANY_DEFAULT;
  const [party, office, signers, prints] = await Promise.all([
    repo.billTo(db, r.party_id),
    repo.office(db, r.office_code),
    repo.signers(db, r.inv_id),
    repo.prints(db, r.inv_id),
  ]);
  const sigs = await signatureService.byUids(
    db,
    signers.map((s) => s.uid ?? '').filter((u) => /^[0-9a-f-]{36}$/i.test(u)),
  );
  const nameOf = { prepared: r.prepared_by, approved_1: r.approved_1_by, approved_2: r.approved_2_by };
  const acct = [...prints].reverse().find((p) => p.kind === 'accounting_print');
  return {
    invoice_no: r.invoice_no,
    inv_type: r.inv_type,
    kind: r.kind,
    status: r.status,
    sub_type: r.sub_type,
    invoice_date: r.invoice_date,
    currency: r.currency,
    base_currency: r.base_currency,
    exchange_rate: r.exchange_rate,
    company: {
      name: company.companyName,
      address: company.address,
      bank: company.bank,
      office: office?.full_name ?? r.office_code,
    },
    bill_to: {
      code: r.account_code,
      name: party?.full_name ?? full.account?.full_name ?? r.account_code,
      address: party
        ? [
            party.address1,
            party.address2,
            party.address3,
            party.address4,
            [party.city, party.zip_postal].filter(Boolean).join(' '),
            party.country_code,
          ].filter((l): l is string => !!l?.trim())
        : [],
      tax_id: party?.tax_id ?? null,
      email: party?.invoice_email ?? null,
    },
    issue_party: full.issue?.full_name ?? null,
    payment_terms: (r.inv_type === 'AR' ? party?.payment_terms_ar : party?.payment_terms_ap) ?? null,
    job_nos: [...new Set(full.jobs.map((j) => j.job_no))],
    so_nos: full.jobs.map((j) => j.so_no),
    hbl_no: r.hbl_no,
    mbl_no: r.mbl_no,
    ap_ref: r.ap_ref,
    gov_invoice_no: r.gov_invoice_no,
    sales_code: r.sales_code,
    remarks: r.remarks,
    lines: full.lines.map((l) => ({
      charge_code: l.charge_code,
      description: l.description,
      reference: l.reference,
      quantity: l.quantity,
      uom: l.uom,
      unit_price: l.unit_price,
      dr_cr: l.dr_cr,
      tax_code: l.tax_code,
      tax_rate: l.tax_rate,
      amount: l.amount,
      tax_amount: l.tax_amount,
      total_amount: l.total_amount,
    })),
    totals: {
      net: r.net_amount,
      tax: r.tax_amount,
      total: r.total_amount,
      base_total: r.base_total_amount,
    },
    cheque: full.cheque
      ? {
          available_date: full.cheque.available_date,
          free_to_combine: full.cheque.free_to_combine,
          foreign_currency: full.cheque.foreign_currency,
          cheque_currency: full.cheque.cheque_currency,
          issued_to: full.cheque.issued_to,
        }
      : null,
    signers: (['prepared', 'approved_1', 'approved_2'] as const).map((role) => {
      const h = signers.find((s) => s.role === role);
      return {
        role,
        name: h?.name ?? nameOf[role],
        image: (sigs.find((g) => g.user_uid === h?.uid)?.image_png as Buffer | undefined) ?? null,
      };
    }),
    accounting_printed: acct ? { by: acct.printed_by, at: new Date(acct.printed_at).toISOString() } : null,
  };
}

/** 002 §5: one account code and one side per merged printout / CR summary. */
async function loadSelection(db: Db, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  const heads = await repo.heads(db, unique);
  if (heads.length !== unique.length) throw notFound();
  for (const h of heads) assertCanRead(actor, h.inv_type as TInvoiceType);
  if (new Set(heads.map((h) => h.inv_type)).size > 1 || new Set(heads.map((h) => h.account_code)).size > 1)
    throw new AppError(422, INVOICE_PRINT_MSG.printMixed, {
      params: {
        accounts: [...new Set(heads.map((h) => h.account_code))].join(', '),
        types: [...new Set(heads.map((h) => h.inv_type))].join(', '),
      },
    });
  return { ids: unique, heads };
}

/** Printing, merge printouts, CR summary and e-mail of invoices (issue 14; docs/invoices.md). */
export const invoicePrintService = {
  /** The PDF of one invoice (read right of its side). */
  async pdf(db: Db, config: InvoiceConfig, actor: Actor, id: number, options: TInvoicePrintOptions) {
    const full = await invoiceService.get(db, actor, id);
    const data = await pdfData(db, config, full);
    return { fileName: `${full.row.invoice_no}.pdf`, pdf: await renderInvoicesPdf([data], options) };
  },

  /** Several invoices of one account and side in one PDF, in the order selected (002 §2 merge printouts). */
  async merge(db: Db, config: InvoiceConfig, actor: Actor, ids: number[], options: TInvoicePrintOptions) {
    const sel = await loadSelection(db, actor, ids);
    const list: InvoicePdfData[] = [];
    for (const id of sel.ids) list.push(await pdfData(db, config, await invoiceService.load(db, id)));
    return {
      fileName: `invoices-${sel.heads[0].account_code}-${list.length}.pdf`,
      pdf: await renderInvoicesPdf(list, options),
    };
  },

  /** The CR summary over selected cheque requests (002 §2 print CR summary). */
  async crSummary(db: Db, config: InvoiceConfig, actor: Actor, ids: number[], title?: string | null) {
    const sel = await loadSelection(db, actor, ids);
    const notCr = sel.heads.filter((h) => h.kind !== 'CR');
    if (notCr.length)
      throw new AppError(422, INVOICE_PRINT_MSG.crOnly, {
        params: { invoices: notCr.map((h) => h.invoice_no).join(', ') },
      });
    const rows: CrSummaryRow[] = [];
    for (const id of sel.ids) {
      const f = await invoiceService.load(db, id);
      rows.push({
        invoice_no: f.row.invoice_no,
        account_code: f.row.account_code,
        account_name: f.account?.full_name ?? '',
        issued_to: f.cheque?.issued_to ?? null,
        available_date: f.cheque?.available_date ?? null,
        currency: f.row.currency,
        total: f.row.total_amount,
        base_total: f.row.base_total_amount,
        job_nos: [...new Set(f.jobs.map((j) => j.job_no))],
        status: f.row.status,
      });
    }
    const pdf = await renderCrSummaryPdf(rows, {
      company: (config.print ?? COMPANY_DEFAULT).companyName,
      title: title || 'CHEQUE REQUEST SUMMARY',
      printed_by: actorName(actor),
      printed_at: new Date().toISOString(),
      base_currency: config.baseCurrency,
    });
    return { fileName: `cr-summary-${sel.heads[0].account_code}.pdf`, pdf };
  },

  /**
   * Who the e-mail dialog starts with (issue 38): the invoice's remembered tax-invoice recipients, else the
   * account party's invoice e-mail (several may be written with commas or semicolons), at most 3.
   */
  async emailDefaults(db: Db, actor: Actor, id: number): Promise<TInvoiceEmailDefaults> {
    const full = await invoiceService.get(db, actor, id);
    if (full.row.tax_invoice_emails?.length)
      return { to: full.row.tax_invoice_emails.slice(0, INVOICE_EMAIL_MAX), source: 'invoice' };
    const party = await repo.billTo(db, full.row.party_id);
    const to = [
      ...new Set(
        (party?.invoice_email ?? '')
          .split(/[,;\s]+/)
          .map((a) => a.trim().toLowerCase())
          .filter((a) => a.includes('@')),
      ),
    ].slice(0, INVOICE_EMAIL_MAX);
    return to.length ? { to, source: 'party' } : { to: [], source: 'none' };
  },

  /** Who printed the invoice and when (print, release, accounting print, e-mail). */
  async prints(db: Db, actor: Actor, id: number) {
    await invoiceService.get(db, actor, id);
    return repo.prints(db, id);
  },

  /**
   * E-mails the invoice PDF to up to 3 tax-invoice recipients (002 §5) through the mail outbox: one queued
   * message per recipient with the PDF attached, written in one transaction with the print log, so either
   * all are queued or none. Needs the side's read right and inv_edit or inv_closing; only once printed.
   */
  async email(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    id: number,
    req: z.output<typeof ZInvoiceEmailRequest>,
  ) {
    const full = await invoiceService.get(db, actor, id);
    if (!actor.funcs.has('inv_edit') && !actor.funcs.has('inv_closing')) throw forbidden();
    if (!INVOICE_EMAILABLE_STATUSES.has(full.row.status))
      throw new AppError(422, INVOICE_PRINT_MSG.emailNotPrinted, { params: { status: full.row.status } });
    const to = [...new Set(req.to)];
    const options = req.options ?? DEFAULT_PRINT_OPTIONS;
    const data = await pdfData(db, config, full);
    const pdf = await renderInvoicesPdf([data], options);
    const company = (config.print ?? COMPANY_DEFAULT).companyName;
    const layout = resolveLayout(options.layout, data);
    const what = layout === 'tax_invoice' ? 'Tax invoice' : data.inv_type === 'AP' ? 'Voucher' : 'Invoice';
    const subject = req.subject || `${what} ${data.invoice_no} from ${company}`;
    const text = coveringLetter({
      greeting: req.message || `Dear ${data.bill_to.name},`,
      // The amount in its currency's minor units (HKD 5,270.06, never the stored 5270.0600).
      paragraph: `Please find attached ${what.toLowerCase()} ${data.invoice_no} dated ${data.invoice_date ?? '-'} for ${formatMoneyWithCode(data.totals.total, data.currency, 'en-US')} (job ${data.job_nos.join(', ')}).`,
      sender: actorName(actor),
      company,
    });
    return db.transaction(async (tx) => {
      const ids = await queuePdfMails(tx, to, {
        subject,
        text,
        tag: 'invoice',
        fileName: `${data.invoice_no}.pdf`,
        pdf,
      });
      await repo.logPrint(tx, {
        inv_id: id,
        kind: 'email',
        printed_by: actorName(actor),
        printed_by_uid: actor.user_uid,
        recipients: to,
      });
      if (req.remember) await repo.setTaxInvoiceEmails(tx, id, to);
      return { msgKey: INVOICE_PRINT_MSG.emailQueued, params: { count: to.length }, outbox_ids: ids };
    });
  },
};

export type { TInvoiceEmailRequest };
