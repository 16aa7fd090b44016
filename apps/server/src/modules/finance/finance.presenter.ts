import {
  ageingBucket,
  INVOICE_CREATION_AGEING_DAYS,
  money,
  type TFinanceInvoiceRow,
  type TLateInvoicingRow,
} from '@portal/contracts';
import type { FinanceInvoiceListRow, LateInvoicingListRow } from './finance.repository';

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** A finance list row: amounts to their currency's decimals, ageing only for open (unsettled, posted) items. */
export function presentFinanceRow(
  r: FinanceInvoiceListRow,
  _asOf: string,
  baseCurrency = 'HKD',
): TFinanceInvoiceRow {
  const open = ['POSTED', 'CLOSED'].includes(r.status) && money.compare(r.outstanding_amount, '0') !== 0;
  return {
    inv_id: r.inv_id,
    invoice_no: r.invoice_no,
    inv_type: r.inv_type as 'AR' | 'AP',
    kind: r.kind,
    status: r.status,
    account_code: r.account_code,
    account_name: r.account_name ?? '',
    office_code: r.office_code,
    currency: r.currency,
    total_amount: money.round(r.total_amount, r.currency),
    outstanding_amount: money.round(r.outstanding_amount, r.currency),
    base_outstanding: money.round(r.base_outstanding, baseCurrency),
    base_currency: baseCurrency,
    invoice_date: r.invoice_date,
    due_date: r.due_date,
    days_past_due: open ? r.days_past_due : null,
    bucket: open && r.days_past_due !== null ? ageingBucket(r.days_past_due) : null,
    posted_at: iso(r.posted_at),
    acct_process_status: r.acct_process_status,
  };
}

/** A late-invoicing job: yellow once past the 002 §9 threshold, red from twice it. */
export function presentLateRow(r: LateInvoicingListRow): TLateInvoicingRow {
  const threshold = INVOICE_CREATION_AGEING_DAYS[r.inv_type];
  const since = r.days_late + threshold;
  return {
    ...r,
    row_key: `${r.job_no}:${r.inv_type}`,
    so_count: Number(r.so_count),
    days_late: Number(r.days_late),
    age_colour: since >= 2 * threshold ? 'red' : 'yellow',
  };
}
