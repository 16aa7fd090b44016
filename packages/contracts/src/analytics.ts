import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// Analytics pages (issue 17, 002 §2 Analytics routes; docs/analytics.md): one response shape for every page,
// so the web app shows them all with one frame (filter bar, KPI cards, charts, table, drill-down, export).
// Numbers travel as decimal strings (money in the base currency, HKD), never JavaScript numbers.
// ---------------------------------------------------------------------------------------------------------

import { ANALYTICS_MSG } from './analytics-catalogue';

const day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
  message: ANALYTICS_MSG.periodInvalid,
});
const code = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((v) => !v.includes('\0'))
  .optional();

/** The filter bar (every page takes all of them; docs/analytics.md says which each page applies). */
export const ZAnalyticsFilters = z.object({
  from: day.describe('First day of the period, YYYY-MM-DD'),
  to: day.describe('Last day of the period, YYYY-MM-DD'),
  office: code.describe('Handling office code'),
  /** Transport mode code (SEA, AIR…). */
  mode: code,
  /** Service type (FCL, LCL…). */
  service: code,
  carrier: code.describe('Carrier code'),
  customer: code.describe('Customer party code'),
  /** Trade lane: "POL-POD" UN/LOCODEs (e.g. CNSHA-USLAX). */
  lane: code,
});
export type TAnalyticsFilters = z.infer<typeof ZAnalyticsFilters>;

/**
 * The keys of one figure (a chart bar, a table row, a KPI): e.g. { month: '2026-05', carrier: 'MSK' }. The web app
 * sends them back as drill_<key>=<value> query parameters to …/documents.
 */
export const ZAnalyticsDrill = z.record(z.string(), z.string());
export type TAnalyticsDrill = z.infer<typeof ZAnalyticsDrill>;

/** How a value is formatted: count and integer-like, decimal quantities, money (base currency), %, days, kg CO2e. */
export const ANALYTICS_VALUE_KINDS = [
  'text',
  'count',
  'decimal',
  'money',
  'pct',
  'days',
  'teu',
  'cbm',
  'kg',
  'co2e',
  'date',
] as const;
export const ZAnalyticsValueKind = z.enum(ANALYTICS_VALUE_KINDS);

export const ZAnalyticsKpi = z.object({
  key: z.string(),
  /** Translation key in the web app's `analytics` namespace (e.g. 'kpi.shipments'). */
  labelKey: z.string(),
  value: z.string().nullable(),
  kind: ZAnalyticsValueKind,
  /** Present when the figure has documents behind it (an empty object = the whole filtered set). */
  drill: ZAnalyticsDrill.optional(),
});

export const ZAnalyticsChart = z.object({
  key: z.string(),
  titleKey: z.string(),
  type: z.enum(['bar', 'stackedBar', 'line', 'area', 'pie']),
  /** The series (one per measure, or one per value of a second dimension); label is shown as is if labelKey is absent. */
  series: z.array(
    z.object({
      key: z.string(),
      labelKey: z.string().optional(),
      label: z.string().optional(),
      kind: ZAnalyticsValueKind,
    }),
  ),
  /**
   * The x values are stored codes of this kind (e.g. 'booking' for booking statuses): the web app words them
   * from its codes catalogue (issue 39) instead of showing them as stored.
   */
  xCodeKind: z.string().optional(),
  /** One point per x value (a month, a carrier…): values by series key, decimal strings. */
  points: z.array(
    z.object({
      x: z.string(),
      /** What the axis shows (a name); x when absent. */
      label: z.string().optional(),
      values: z.record(z.string(), z.string().nullable()),
      drill: ZAnalyticsDrill.optional(),
    }),
  ),
});
export type TAnalyticsChart = z.infer<typeof ZAnalyticsChart>;

export const ZAnalyticsColumn = z.object({
  key: z.string(),
  labelKey: z.string(),
  kind: ZAnalyticsValueKind,
  /** The cells are stored codes of this kind (e.g. 'booking' statuses), worded by the web app's codes catalogue. */
  codeKind: z.string().optional(),
});

export const ZAnalyticsTable = z.object({
  columns: z.array(ZAnalyticsColumn),
  rows: z.array(
    z.object({ cells: z.record(z.string(), z.string().nullable()), drill: ZAnalyticsDrill.optional() }),
  ),
  totals: z.record(z.string(), z.string().nullable()).nullable(),
  /** More rows exist than the table shows (the export has them all, up to its cap). */
  truncated: z.boolean(),
});
export type TAnalyticsTable = z.infer<typeof ZAnalyticsTable>;

/** GET /api/v1/Analytics/{page}: everything the page shows. */
export const ZAnalyticsResult = z.object({
  page: z.string(),
  /** When the figures were computed (ISO). Aggregates are kept in the same transaction, so this is "now". */
  generatedAt: z.string(),
  /** Which date the period filters (e.g. 'etd', 'jobMonth', 'invoiceDate', 'viewedAt'), a key in `analytics`. */
  periodBasisKey: z.string(),
  kpis: z.array(ZAnalyticsKpi),
  charts: z.array(ZAnalyticsChart),
  table: ZAnalyticsTable,
  /** Notes the page shows under the table (translation keys), e.g. the CO2e method and source. */
  noteKeys: z.array(z.string()).default([]),
});
export type TAnalyticsResult = z.infer<typeof ZAnalyticsResult>;

/** GET /api/v1/Analytics/{page}/documents: filters + drill_<key>=<value> + paging. */
export const ZAnalyticsDocumentsQuery = ZAnalyticsFilters.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
}).catchall(z.string().max(100));
export type TAnalyticsDocumentsQuery = z.infer<typeof ZAnalyticsDocumentsQuery>;

/** The kinds of document a figure can open, and where each opens (the web app maps kind + key to its route). */
export const ANALYTICS_DOC_KINDS = [
  'booking',
  'consolidation',
  'master_bl',
  'invoice',
  'party',
  'user',
  'job',
] as const;

/** One document behind a figure. `key` is what the detail route takes (so_no, consol_no, mbl_no, invoice id…). */
export const ZAnalyticsDocument = z.object({
  kind: z.enum(ANALYTICS_DOC_KINDS),
  key: z.string(),
  number: z.string(),
  status: z.string().nullable(),
  date: z.string().nullable(),
  party: z.string().nullable(),
  office: z.string().nullable(),
  /** The page's measure for this document (TEU, GP, kg CO2e…), formatted by `valueKind`. */
  value: z.string().nullable(),
});

export const ZAnalyticsDocuments = z.object({
  rows: z.array(ZAnalyticsDocument),
  /** Total up to the cap (10,001 means "10,000 or more"). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  valueKind: ZAnalyticsValueKind.nullable(),
  valueLabelKey: z.string().nullable(),
});
export type TAnalyticsDocuments = z.infer<typeof ZAnalyticsDocuments>;

/** GET /api/v1/Analytics/_options: what the filter bar offers (only values the viewer may see). */
export const ZAnalyticsOptions = z.object({
  offices: z.array(z.object({ code: z.string(), name: z.string() })),
  modes: z.array(z.string()),
  services: z.array(z.string()),
  carriers: z.array(z.object({ code: z.string(), name: z.string() })),
  lanes: z.array(z.string()),
});
export type TAnalyticsOptions = z.infer<typeof ZAnalyticsOptions>;
