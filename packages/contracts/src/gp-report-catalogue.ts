import type { FuncId } from './func-ids';

// ---------------------------------------------------------------------------------------------------------
// The GP reports' catalogue without zod (issue 15): the web app's route table imports it from its entry, and
// a zod schema at the top of a module is kept by the bundler even when unused (issue 20: /login's weight).
// The schemas are in gp-report.ts.
// ---------------------------------------------------------------------------------------------------------

/** Message keys of the GP reports, translated in the web app's `msg` namespace. */
export const GP_MSG = {
  /** 400: a period that is not YYYY-MM, or from after to, or longer than GP_MAX_MONTHS. */
  periodInvalid: 'msgGpPeriodInvalid',
  /** 400: the customer code is not known. */
  customerUnknown: 'msgGpCustomerUnknown',
} as const;

/** Longest period one report covers (months). */
export const GP_MAX_MONTHS = 36;

/** What a report can group by or filter on: attributes of the job (from its first shipping order). */
export const GP_DIMS = ['month', 'office', 'mode', 'service', 'pol', 'customer', 'salesman'] as const;
export type TGpDim = (typeof GP_DIMS)[number];

/** Which invoices count: every invoice not deleted (the P&L tab's rule) or only those posted to the ledger. */
export const GP_BASES = ['all', 'posted'] as const;
export type TGpBasis = (typeof GP_BASES)[number];

/**
 * The reports (002 §2 routes under /INV) and what each shows (docs/gp-reports.md):
 * - summary reports group by `dims` (a table row per combination, a chart by the first dim and series by the second);
 * - `jobs` lists one row per job (shipment details), `invoices` one row per invoice (invoice details).
 * `units` adds GP per CBM, per TEU, per chargeable weight (kg) and per shipment.
 */
export const GP_REPORTS = {
  JobMonthGP: {
    funcId: 'm_ap_job_month_gp',
    kind: 'summary',
    dims: ['month', 'service', 'mode'],
    units: false,
  },
  JobMonthGPSO: { funcId: 'm_ar_gp_so', kind: 'jobs', dims: ['month'], units: true },
  GPReport: { funcId: 'm_analytics_inv_gp', kind: 'summary', dims: ['month', 'office'], units: false },
  GPReport1: { funcId: 'm_analytics_inv_gp1', kind: 'summary', dims: ['pol', 'office'], units: false },
  GPReport2: { funcId: 'm_analytics_inv_gp2', kind: 'summary', dims: ['month', 'mode'], units: true },
  GPReport3: { funcId: 'm_analytics_inv_gp3', kind: 'invoices', dims: ['month'], units: false },
  GPReport4: { funcId: 'm_analytics_inv_gp4', kind: 'summary', dims: ['customer'], units: false },
  SalesGPReport: { funcId: 'm_analytics_inv_salesgp', kind: 'summary', dims: ['salesman'], units: false },
} as const satisfies Record<
  string,
  { funcId: FuncId; kind: 'summary' | 'jobs' | 'invoices'; dims: readonly TGpDim[]; units: boolean }
>;
export type TGpReportName = keyof typeof GP_REPORTS;
export const GP_REPORT_NAMES = Object.keys(GP_REPORTS) as TGpReportName[];
