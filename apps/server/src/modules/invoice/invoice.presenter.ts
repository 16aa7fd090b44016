import {
  INVOICE_STAGES,
  type InvoiceStageDef,
  invoiceAgeColour,
  money,
  type TInvoice,
  type TInvoiceRow,
  type TInvoiceStatus,
  type TInvoiceType,
} from '@portal/contracts';
import { isoMoment } from '../../platform/db/columns';
import type { InvoiceListRow } from './invoice.repository';
import type { invoiceService } from './invoice.service';

type Full = Awaited<ReturnType<typeof invoiceService.load>>;
const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
/** numeric(18,4) answers "12.5000": amounts leave with their currency's decimals, prices without trailing zeros. */
const plain = (v: string) => money.add(v, 0);

/** The whole invoice as the detail screen reads it. */
export function presentInvoice({ row: r, lines, jobs, cheque, account, issue }: Full): TInvoice {
  return {
    inv_id: r.inv_id,
    invoice_no: r.invoice_no,
    inv_type: r.inv_type as TInvoiceType,
    kind: r.kind,
    status: r.status,
    account_code: r.account_code,
    account_name: account?.full_name ?? '',
    issue_party_code: issue?.party_code ?? null,
    issue_party_name: issue?.full_name ?? null,
    job_nos: [...new Set(jobs.map((j) => j.job_no))],
    so_nos: jobs.map((j) => j.so_no),
    hbl_no: r.hbl_no,
    mbl_no: r.mbl_no,
    office_code: r.office_code,
    is_overseas: r.is_overseas,
    sales_code: r.sales_code,
    currency: r.currency,
    base_currency: r.base_currency,
    exchange_rate: r.exchange_rate,
    net_amount: money.round(r.net_amount, r.currency),
    tax_amount: money.round(r.tax_amount, r.currency),
    total_amount: money.round(r.total_amount, r.currency),
    base_total_amount: money.round(r.base_total_amount, r.base_currency),
    settled_amount: money.round(r.settled_amount, r.currency),
    outstanding_amount: money.round(r.outstanding_amount, r.currency),
    invoice_date: r.invoice_date,
    gov_invoice_no: r.gov_invoice_no,
    sub_type: r.sub_type,
    with_credit_term: r.with_credit_term,
    is_inter_account: r.is_inter_account,
    ap_ref: r.ap_ref,
    payment_ref: r.payment_ref,
    payment_marker: r.payment_marker,
    group_no: r.group_no,
    tax_rate_code: r.tax_rate_code,
    remarks: r.remarks,
    local_invoice_no: r.local_invoice_no,
    vat_period: r.vat_period,
    company_id: r.company_id,
    tax_invoice_emails: r.tax_invoice_emails,
    print_file: r.print_file,
    export_file: r.export_file,
    is_closed: r.is_closed,
    close_period: r.close_period,
    journal_no: r.journal_no,
    acct_process_status: r.acct_process_status,
    reject_reason: r.reject_reason,
    prepared_by: r.prepared_by,
    prepared_at: iso(r.prepared_at),
    approved_1_by: r.approved_1_by,
    approved_1_at: iso(r.approved_1_at),
    approved_2_by: r.approved_2_by,
    approved_2_at: iso(r.approved_2_at),
    lines: lines.map((l) => ({
      id: l.id,
      line_no: l.line_no,
      charge_code: l.charge_code,
      description: l.description,
      reference: l.reference,
      job_no: l.job_no,
      unit_price: plain(l.unit_price),
      price_includes_tax: l.price_includes_tax,
      quantity: plain(l.quantity),
      uom: l.uom,
      dr_cr: l.dr_cr as 'DR' | 'CR',
      tax_code: l.tax_code,
      tax_rate: plain(l.tax_rate),
      amount: money.round(l.amount, r.currency),
      tax_amount: money.round(l.tax_amount, r.currency),
      total_amount: money.round(l.total_amount, r.currency),
      settled_amount: money.round(l.settled_amount, r.currency),
      outstanding_amount: money.round(l.outstanding_amount, r.currency),
    })),
    cheque_request: cheque
      ? {
          available_date: cheque.available_date,
          free_to_combine: cheque.free_to_combine,
          foreign_currency: cheque.foreign_currency,
          cheque_currency: cheque.cheque_currency,
          issued_to: cheque.issued_to,
        }
      : null,
    version: r.version,
    created_at: iso(r.created_at) as string,
    created_by: r.created_by,
    updated_at: iso(r.updated_at) as string,
    updated_by: r.updated_by,
  };
}

/** The ageing stage of a row: the list's own, else the first aged stage of its side holding its status. */
const ageStageOf = (type: TInvoiceType, status: TInvoiceStatus, stage?: InvoiceStageDef) =>
  stage?.ageing ? stage : INVOICE_STAGES[type].find((s) => s.ageing && s.statuses?.includes(status));

/** A list row, with its 002 §9 colour. */
export function presentInvoiceRow(r: InvoiceListRow, stage?: InvoiceStageDef, now = new Date()): TInvoiceRow {
  const i = r.inv;
  const s = ageStageOf(i.inv_type as TInvoiceType, i.status, stage);
  return {
    inv_id: i.inv_id,
    invoice_no: i.invoice_no,
    inv_type: i.inv_type as TInvoiceType,
    kind: i.kind,
    status: i.status,
    account_code: i.account_code,
    account_name: r.account_name,
    job_nos: r.job_nos ?? [],
    hbl_no: i.hbl_no,
    currency: i.currency,
    total_amount: money.round(i.total_amount, i.currency),
    base_total_amount: money.round(i.base_total_amount, i.base_currency),
    invoice_date: i.invoice_date,
    ap_ref: i.ap_ref,
    group_no: i.group_no,
    office_code: i.office_code,
    created_at: isoMoment(i.created_at),
    updated_at: isoMoment(i.updated_at),
    age_colour: s?.ageing ? invoiceAgeColour(i[s.ageing.clock], s.ageing.days, now) : 'none',
    gov_invoice_no: i.gov_invoice_no,
    payment_ref: i.payment_ref,
    settled_amount: money.round(i.settled_amount, i.currency),
    outstanding_amount: money.round(i.outstanding_amount, i.currency),
    payment_marker: i.payment_marker,
    version: i.version,
  };
}
