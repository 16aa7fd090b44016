import {
  invoiceTotals,
  isDecimalString,
  type TCreateInvoiceRequest,
  type TInvoice,
  type TInvoiceDraft,
  type TInvoiceType,
} from '@portal/contracts';

export interface LineValues {
  charge_code?: string;
  description?: string;
  reference?: string | null;
  unit_price?: string;
  price_includes_tax?: boolean;
  quantity?: string;
  uom?: string;
  dr_cr?: 'DR' | 'CR';
  tax_code?: string | null;
  tax_rate?: string;
}

/** The invoice form: the header fields and the general charge lines, every amount a decimal string. */
export interface InvoiceFormValues {
  kind: string;
  account_code: string;
  issue_party_code?: string | null;
  job_nos: string[];
  so_nos: string[];
  hbl_no?: string | null;
  mbl_no?: string | null;
  is_overseas: boolean;
  sales_code?: string | null;
  currency: string;
  exchange_rate?: string | null;
  invoice_date?: string | null;
  gov_invoice_no?: string | null;
  sub_type?: string | null;
  with_credit_term: boolean;
  is_inter_account: boolean;
  ap_ref?: string | null;
  payment_ref?: string | null;
  payment_marker?: string | null;
  group_no?: string | null;
  tax_rate_code?: string | null;
  remarks?: string | null;
  tax_invoice_emails: string[];
  lines: LineValues[];
  cheque_request?: {
    available_date?: string | null;
    free_to_combine?: boolean;
    foreign_currency?: string | null;
    cheque_currency?: string | null;
    issued_to?: string | null;
  } | null;
}

export const emptyLine = (): LineValues => ({
  dr_cr: 'DR',
  quantity: '1',
  price_includes_tax: false,
  tax_rate: '0',
});

export function fromInvoice(inv: TInvoice): InvoiceFormValues {
  return {
    kind: inv.kind,
    account_code: inv.account_code,
    issue_party_code: inv.issue_party_code,
    job_nos: inv.job_nos,
    so_nos: inv.so_nos,
    hbl_no: inv.hbl_no,
    mbl_no: inv.mbl_no,
    is_overseas: inv.is_overseas,
    sales_code: inv.sales_code,
    currency: inv.currency,
    exchange_rate: inv.exchange_rate,
    invoice_date: inv.invoice_date,
    gov_invoice_no: inv.gov_invoice_no,
    sub_type: inv.sub_type,
    with_credit_term: inv.with_credit_term,
    is_inter_account: inv.is_inter_account,
    ap_ref: inv.ap_ref,
    payment_ref: inv.payment_ref,
    payment_marker: inv.payment_marker,
    group_no: inv.group_no,
    tax_rate_code: inv.tax_rate_code,
    remarks: inv.remarks,
    tax_invoice_emails: inv.tax_invoice_emails,
    cheque_request: inv.cheque_request,
    lines: inv.lines.map((l) => ({
      charge_code: l.charge_code,
      description: l.description,
      reference: l.reference,
      unit_price: l.unit_price,
      price_includes_tax: l.price_includes_tax,
      quantity: l.quantity,
      uom: l.uom,
      dr_cr: l.dr_cr,
      tax_code: l.tax_code,
      tax_rate: l.tax_rate,
    })),
  };
}

export function fromDraft(d: TInvoiceDraft): InvoiceFormValues {
  return {
    kind: d.kind,
    account_code: d.account_code,
    job_nos: d.job_nos,
    so_nos: d.so_nos,
    hbl_no: d.hbl_no,
    is_overseas: d.is_overseas,
    sales_code: d.sales_code,
    currency: d.currency,
    exchange_rate: d.exchange_rate,
    invoice_date: new Date().toISOString().slice(0, 10),
    with_credit_term: false,
    is_inter_account: false,
    tax_invoice_emails: [],
    lines: [emptyLine()],
  };
}

export const blankInvoice = (type: TInvoiceType): InvoiceFormValues => ({
  kind: type,
  account_code: '',
  job_nos: [],
  so_nos: [],
  is_overseas: false,
  currency: '',
  invoice_date: new Date().toISOString().slice(0, 10),
  with_credit_term: false,
  is_inter_account: false,
  tax_invoice_emails: [],
  lines: [emptyLine()],
});

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** A line is complete enough to compute when its price, quantity and tax rate are decimals. */
const computable = (l: LineValues) =>
  isDecimalString(l.unit_price ?? '') &&
  isDecimalString(l.quantity ?? '') &&
  isDecimalString(l.tax_rate ?? '0');

/**
 * The totals the form shows, computed with the contracts' decimal arithmetic exactly as the server does;
 * null while a line or the rate is not a number yet.
 */
export function formTotals(v: Partial<InvoiceFormValues>, baseCurrency: string) {
  const lines = v.lines ?? [];
  const currency = v.currency?.trim().toUpperCase() ?? '';
  if (!currency || !lines.length || !lines.every(computable)) return null;
  const rate =
    v.exchange_rate && isDecimalString(v.exchange_rate)
      ? v.exchange_rate
      : currency === baseCurrency
        ? '1'
        : null;
  return invoiceTotals(
    lines.map((l) => ({
      unit_price: l.unit_price as string,
      quantity: l.quantity as string,
      tax_rate: l.tax_rate || '0',
      price_includes_tax: !!l.price_includes_tax,
      dr_cr: l.dr_cr ?? 'DR',
    })),
    currency,
    rate ?? '0',
    baseCurrency,
  );
}

/** The request body; the total the user saw goes along so the server refuses a different sum (002 §5). */
export function toRequest(
  type: TInvoiceType,
  v: InvoiceFormValues,
  baseCurrency: string,
): TCreateInvoiceRequest {
  const totals = formTotals(v, baseCurrency);
  return {
    inv_type: type,
    kind: v.kind as TCreateInvoiceRequest['kind'],
    account_code: v.account_code,
    issue_party_code: blank(v.issue_party_code),
    job_nos: v.job_nos ?? [],
    so_nos: v.so_nos ?? [],
    hbl_no: blank(v.hbl_no),
    mbl_no: blank(v.mbl_no),
    is_overseas: !!v.is_overseas,
    sales_code: blank(v.sales_code),
    currency: v.currency,
    exchange_rate: blank(v.exchange_rate),
    invoice_date: blank(v.invoice_date),
    gov_invoice_no: blank(v.gov_invoice_no),
    sub_type: (blank(v.sub_type) as TCreateInvoiceRequest['sub_type']) ?? null,
    with_credit_term: !!v.with_credit_term,
    is_inter_account: !!v.is_inter_account,
    ap_ref: blank(v.ap_ref),
    payment_ref: blank(v.payment_ref),
    payment_marker: blank(v.payment_marker),
    group_no: blank(v.group_no),
    tax_rate_code: blank(v.tax_rate_code),
    remarks: blank(v.remarks),
    tax_invoice_emails: v.tax_invoice_emails ?? [],
    lines: (v.lines ?? []).map((l) => ({
      charge_code: l.charge_code ?? '',
      description: l.description ?? '',
      reference: blank(l.reference),
      unit_price: l.unit_price ?? '',
      price_includes_tax: !!l.price_includes_tax,
      quantity: l.quantity ?? '',
      uom: l.uom ?? '',
      dr_cr: l.dr_cr ?? 'DR',
      tax_code: blank(l.tax_code),
      tax_rate: l.tax_rate || '0',
    })),
    cheque_request:
      v.kind === 'CR' && v.cheque_request
        ? {
            available_date: blank(v.cheque_request.available_date),
            free_to_combine: !!v.cheque_request.free_to_combine,
            foreign_currency: blank(v.cheque_request.foreign_currency),
            cheque_currency: blank(v.cheque_request.cheque_currency),
            issued_to: blank(v.cheque_request.issued_to),
          }
        : null,
    total_amount: totals?.total_amount ?? null,
  };
}
