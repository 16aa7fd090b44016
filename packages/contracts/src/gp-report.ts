import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// Gross-profit reports (issue 15, 002 §2 JobMonthGP, JobMonthGPSO, GPReport, GPReport1–4, SalesGPReport).
// GP = revenue (AR) − cost (AP), net of tax, in the base currency, by the job's month (its ETD month) and the
// job's office, mode, service, POL, customer and salesman. docs/gp-reports.md says what each page shows.
// ---------------------------------------------------------------------------------------------------------

import { GP_BASES, GP_MSG } from './gp-report-catalogue';

export * from './gp-report-period';

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: GP_MSG.periodInvalid });
const code = z.string().trim().min(1).max(40).optional();

/** Filters every report and drill-down takes (002 §2: period, office, mode, service, customer, salesman). */
export const ZGpFilters = z.object({
  from: month.describe('First job month, YYYY-MM'),
  to: month.describe('Last job month, YYYY-MM'),
  office: code,
  mode: code,
  service: code,
  /** Customer party code. */
  customer: code,
  salesman: code,
  pol: code,
  basis: z.enum(GP_BASES).default('all'),
});
export type TGpFilters = z.infer<typeof ZGpFilters>;

/** A drill-down: the report's filters plus the figure's own keys (month=2026-05&office=HKG …). */
export const ZGpDrillQuery = ZGpFilters.extend({
  month: month.optional(),
  job_no: z.string().trim().min(1).max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type TGpDrillQuery = z.infer<typeof ZGpDrillQuery>;

/** Measures of a row (decimal strings in the base currency; quantities as decimal strings). */
const ZGpMeasures = z.object({
  revenue: z.string(),
  cost: z.string(),
  gp: z.string(),
  /** GP ÷ revenue × 100, 1 decimal, null without revenue. */
  margin: z.string().nullable(),
  jobs: z.number().int(),
  cbm: z.string(),
  teu: z.string(),
  /** Chargeable weight, kg. */
  cw: z.string(),
  gp_per_cbm: z.string().nullable(),
  gp_per_teu: z.string().nullable(),
  gp_per_cw: z.string().nullable(),
  gp_per_shipment: z.string().nullable(),
});
export type TGpMeasures = z.infer<typeof ZGpMeasures>;

export const ZGpRow = ZGpMeasures.extend({
  /** The row's keys by dim (month 'YYYY-MM', office code, mode, service, POL, customer code, salesman). */
  keys: z.record(z.string(), z.string()),
  /** Display names (customer's name). */
  names: z.record(z.string(), z.string()).optional(),
});
export type TGpRow = z.infer<typeof ZGpRow>;

export const ZGpReportResponse = z.object({
  report: z.string(),
  base_currency: z.string(),
  dims: z.array(z.string()),
  rows: z.array(ZGpRow),
  totals: ZGpMeasures,
});
export type TGpReportResponse = z.infer<typeof ZGpReportResponse>;

/** One job behind a figure (shipment details). */
export const ZGpJob = ZGpMeasures.omit({ jobs: true }).extend({
  job_no: z.string(),
  so_nos: z.array(z.string()),
  so_ids: z.array(z.number().int()),
  month: z.string(),
  office: z.string(),
  mode: z.string(),
  service: z.string(),
  pol: z.string(),
  customer: z.string(),
  customer_name: z.string(),
  salesman: z.string(),
  invoices: z.number().int(),
});
export type TGpJob = z.infer<typeof ZGpJob>;
export const ZGpJobsResponse = z.object({
  base_currency: z.string(),
  rows: z.array(ZGpJob),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: ZGpMeasures,
});
export type TGpJobsResponse = z.infer<typeof ZGpJobsResponse>;

/** One invoice behind a figure (invoice details): its revenue or cost on each job it bills. */
export const ZGpInvoice = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  inv_type: z.string(),
  kind: z.string(),
  status: z.string(),
  acct_process_status: z.string(),
  job_no: z.string(),
  month: z.string(),
  office: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  invoice_date: z.string().nullable(),
  currency: z.string(),
  /** Net of tax in the invoice currency (signed as the lines: CR lines subtract). */
  net_amount: z.string(),
  revenue: z.string(),
  cost: z.string(),
});
export type TGpInvoice = z.infer<typeof ZGpInvoice>;
export const ZGpInvoicesResponse = z.object({
  base_currency: z.string(),
  rows: z.array(ZGpInvoice),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TGpInvoicesResponse = z.infer<typeof ZGpInvoicesResponse>;

/** TEU of a container size/type ('20GP' 1, '40HQ' 2, '45HQ' 2.25); 0 for anything else. */
export function teuOf(sizeType: string): number {
  if (sizeType.startsWith('20')) return 1;
  if (sizeType.startsWith('40')) return 2;
  if (sizeType.startsWith('45')) return 2.25;
  return 0;
}
