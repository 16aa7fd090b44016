/** A job an invoice bills (its order and the ETD that dates the invoice). */
export interface BilledJob {
  job_no: string;
  so_no: string;
  etd: string;
}

/**
 * The body of `POST /Invoice` for an AR invoice to the demo customer HKCUS001 on one job, with one Documentation
 * line of 100 HKD; `tax` as the job's office requires (NOTAX in Hong Kong, VAT6 on a China office's job), `over`
 * for any other field. Shared by the API tests that create invoices.
 */
export function arInvoiceBody(
  job: BilledJob,
  over: Record<string, unknown> = {},
  tax: [code: string, rate: string] = ['NOTAX', '0'],
) {
  return {
    inv_type: 'AR',
    kind: 'AR',
    account_code: 'HKCUS001',
    job_nos: [job.job_no],
    so_nos: [job.so_no],
    currency: 'HKD',
    invoice_date: job.etd,
    sub_type: 'VAT_SPECIAL',
    lines: [
      {
        charge_code: 'DOC',
        description: 'Documentation',
        unit_price: '100',
        quantity: '1',
        uom: 'SHPT',
        dr_cr: 'DR',
        tax_code: tax[0],
        tax_rate: tax[1],
        price_includes_tax: false,
      },
    ],
    ...over,
  };
}
