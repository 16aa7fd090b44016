import { z } from 'zod';
import { customFiltersParam, listResponse, type TFilterFieldType, ZListQuery } from './list';
import { MSG } from './msg-keys';
import {
  FINANCE_CARDS,
  type FINANCE_INVOICE_LISTS,
  FINANCE_PRESET_NAMES,
  type TFinancePreset,
} from './screen-catalogue';

export {
  FINANCE_CARDS,
  FINANCE_INVOICE_LISTS,
  FINANCE_PRESET_NAMES,
  FINANCE_PRESETS,
  FINANCE_SORTABLE,
  LATE_INVOICING_SORTABLE,
  OVERDUE_REPORT_SORTABLE,
  type TFinancePreset,
} from './screen-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Finance (002 §2 Finance routes, §9 presets and ageing; 001 §3 credit limit, reminder, deadline, terms).
// Internal only: every finance route needs m_fin / m_fin_search / m_fin_customer_overdue_report and an
// internal profile (docs/finance.md).
// ---------------------------------------------------------------------------------------------------------

export const FINANCE_MSG = {
  /** 400: the as-of date is not a real date (YYYY-MM-DD). */
  asOfInvalid: 'msgFinanceAsOfInvalid',
  /** 404: no such finance list (Search/{name}). */
  listUnknown: 'msgFinanceListUnknown',
  /** 404: the customer of a statement is not a party. */
  customerNotFound: 'msgFinanceCustomerNotFound',
  /** 200 answer of a statement e-mail: params count. */
  statementQueued: 'msgFinanceStatementQueued',
  /** 422: nothing is outstanding for this customer (no statement to send). */
  statementEmpty: 'msgFinanceStatementEmpty',
  noPermission: MSG.noPermission,
} as const;

/** Dashboard date presets (002 §9 "from 1 day to 3 months"): how far back the invoice date may lie. */

/**
 * Days of credit a party's payment terms give (001 §3): NETn → n, CASH and COD → 0; without terms the
 * party's credit deadline (days), and without either FINANCE_DEFAULT_TERMS_DAYS. The server computes the
 * same in SQL (finance.repository.ts termsDaysSql); keep the two together.
 */
export const FINANCE_DEFAULT_TERMS_DAYS = 30;
export function paymentTermsDays(
  terms: string | null | undefined,
  deadlineDays: number | null | undefined,
): number {
  const m = /^NET(\d+)$/.exec(terms ?? '');
  if (m) return Number(m[1]);
  if (terms === 'CASH' || terms === 'COD') return 0;
  return deadlineDays ?? FINANCE_DEFAULT_TERMS_DAYS;
}

/** Ageing buckets by days past due (issue 15): current (not yet due), 1–30, 31–60, 61–90, over 90. */
export const AGEING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type TAgeingBucket = (typeof AGEING_BUCKETS)[number];
export function ageingBucket(daysPastDue: number): TAgeingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'd1_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'd90_plus';
}

export type TFinanceCard = (typeof FINANCE_CARDS)[number];

export type TFinanceInvoiceList = (typeof FINANCE_INVOICE_LISTS)[number];

const isoDay = z.iso.date({ message: FINANCE_MSG.asOfInvalid });
const code = z.string().trim().toUpperCase().max(30);

/** The filter bar shared by the dashboard, the lists and the report. */
export const ZFinanceFilter = z.object({
  office: code.optional().describe('Office code'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, MSG.fieldInvalid)
    .optional()
    .describe('Invoice currency'),
  customer: code.optional().describe('Account (party) code'),
  preset: z
    .enum(FINANCE_PRESET_NAMES as [TFinancePreset, ...TFinancePreset[]])
    .optional()
    .describe('Only invoices dated (jobs departed) within this many days before as_of; none = all dates'),
  as_of: isoDay.optional().describe('The day ageing is measured at (default today)'),
});
export type TFinanceFilter = z.infer<typeof ZFinanceFilter>;

export const ZFinanceDashboard = z.object({
  as_of: z.string(),
  base_currency: z.string(),
  period: z.string().describe('YYYY-MM of as_of: "posted this period"'),
  cards: z.array(
    z.object({
      card: z.enum(FINANCE_CARDS),
      count: z.number().int(),
      count_capped: z.boolean(),
      /** Base-currency sum where the card has one (null: a count only). */
      amount: z.string().nullable(),
    }),
  ),
  ageing: z.array(z.object({ bucket: z.enum(AGEING_BUCKETS), count: z.number().int(), amount: z.string() })),
});
export type TFinanceDashboard = z.infer<typeof ZFinanceDashboard>;

export const FINANCE_FILTER_FIELDS = {
  invoice_no: 'text',
  account_code: 'text',
  status: 'select',
  currency: 'text',
  invoice_date: 'date',
  office_code: 'text',
  outstanding_amount: 'number',
} as const satisfies Record<string, TFilterFieldType>;

export const ZFinanceListQuery = ZListQuery.extend({
  ...ZFinanceFilter.shape,
  inv_type: z.enum(['AR', 'AP']).optional(),
  filters: customFiltersParam('FINANCE_FILTER_FIELDS'),
});
export type TFinanceListQuery = z.infer<typeof ZFinanceListQuery>;
export const ZFinanceExportQuery = ZFinanceListQuery.extend({ lang: z.string().max(8).optional() });

const nul = z.string().nullable();
export const ZFinanceInvoiceRow = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  inv_type: z.enum(['AR', 'AP']),
  kind: z.string(),
  status: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  office_code: z.string(),
  currency: z.string(),
  total_amount: z.string(),
  outstanding_amount: z.string(),
  base_outstanding: z.string().describe('Outstanding × the invoice rate, base currency'),
  base_currency: z.string().describe('The currency of base_outstanding'),
  invoice_date: nul,
  due_date: nul,
  days_past_due: z.number().int().nullable(),
  bucket: z.enum(AGEING_BUCKETS).nullable(),
  posted_at: nul,
  acct_process_status: z.string(),
});
export type TFinanceInvoiceRow = z.infer<typeof ZFinanceInvoiceRow>;
export const ZFinanceInvoiceListResponse = listResponse(ZFinanceInvoiceRow);

export const ZFinanceListParams = z.object({ list: z.string().max(40) });

/** A job past its invoicing threshold (002 §9: AR 2 days after ETD, AP 5) with no invoice of that side. */
export const ZLateInvoicingRow = z.object({
  row_key: z.string().describe('job_no:inv_type (a job may lack both sides)'),
  job_no: z.string(),
  inv_type: z.enum(['AR', 'AP']),
  etd: z.string(),
  office_code: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  so_count: z.number().int(),
  days_late: z.number().int().describe('Days past the threshold'),
  age_colour: z.enum(['none', 'yellow', 'red']),
});
export type TLateInvoicingRow = z.infer<typeof ZLateInvoicingRow>;
export const ZLateInvoicingResponse = listResponse(ZLateInvoicingRow);

export const ZOverdueReportQuery = ZListQuery.extend({
  ...ZFinanceFilter.omit({ preset: true }).shape,
  breach: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('Only customers over their credit limit'),
});
export type TOverdueReportQuery = z.infer<typeof ZOverdueReportQuery>;
export const ZOverdueReportExportQuery = ZOverdueReportQuery.extend({ lang: z.string().max(8).optional() });

export const ZOverdueReportRow = z.object({
  party_id: z.number().int(),
  account_code: z.string(),
  account_name: z.string(),
  payment_terms: nul,
  credit_limit: z.string(),
  credit_deadline_days: z.number().int().nullable(),
  credit_reminder_days: z.number().int().nullable(),
  invoices: z.number().int(),
  current: z.string(),
  d1_30: z.string(),
  d31_60: z.string(),
  d61_90: z.string(),
  d90_plus: z.string(),
  total: z.string().describe('Outstanding, base currency'),
  over_limit: z.string().describe('Total − credit limit when above a limit > 0, else 0'),
  oldest_days: z.number().int().nullable().describe('Days since the oldest outstanding invoice date'),
  past_deadline: z.boolean().describe('The oldest outstanding invoice is older than the credit deadline'),
  reminders_due: z
    .number()
    .int()
    .describe('Invoices not yet due whose reminder day (due − reminder days) has come'),
});
export type TOverdueReportRow = z.infer<typeof ZOverdueReportRow>;
export const ZOverdueReportResponse = listResponse(ZOverdueReportRow).extend({
  as_of: z.string(),
  base_currency: z.string(),
  totals: z.object({
    current: z.string(),
    d1_30: z.string(),
    d31_60: z.string(),
    d61_90: z.string(),
    d90_plus: z.string(),
    total: z.string(),
  }),
});
export type TOverdueReportResponse = z.infer<typeof ZOverdueReportResponse>;

export const ZStatementParams = z.object({ account_code: code.min(1) });
export const ZStatementQuery = z.object({
  as_of: isoDay.optional(),
  lang: z.enum(['en', 'zh_hk', 'zh_cn']).default('en'),
});
export const ZStatementEmailRequest = z.object({
  to: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ message: MSG.fieldInvalid })),
    )
    .min(1, MSG.fieldRequired)
    .max(3, MSG.fieldInvalid),
  subject: z.string().trim().max(200, MSG.fieldTooLong).nullish(),
  message: z.string().trim().max(2000, MSG.fieldTooLong).nullish(),
  as_of: isoDay.optional(),
  lang: z.enum(['en', 'zh_hk', 'zh_cn']).default('en'),
});
export type TStatementEmailRequest = z.input<typeof ZStatementEmailRequest>;
export const ZStatementEmailResponse = z.object({
  msgKey: z.string(),
  params: z.object({ count: z.number().int() }),
  outbox_ids: z.array(z.number().int()),
});
