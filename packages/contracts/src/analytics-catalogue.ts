import type { FuncId } from './func-ids';

// ---------------------------------------------------------------------------------------------------------
// The analytics pages' catalogue without zod (issue 17; docs/analytics.md): the web app's route table imports it
// from its entry, so it must stay zod-free (issue 20: /login's weight). The schemas are in analytics.ts.
// ---------------------------------------------------------------------------------------------------------

/** Message keys of analytics and the report writer, translated in the web app's `msg` namespace. */
export const ANALYTICS_MSG = {
  /** 400: a period that is not YYYY-MM-DD, or from after to, or longer than ANALYTICS_MAX_DAYS. */
  periodInvalid: 'msgAnalyticsPeriodInvalid',
  /** 400: a filter value that is not known (office, carrier, customer code…). */
  filterUnknown: 'msgAnalyticsFilterUnknown',
  /** 400: a drill-down key the page does not have. */
  drillInvalid: 'msgAnalyticsDrillInvalid',
} as const;

/** Longest period one analytics page covers (days): three years. */
export const ANALYTICS_MAX_DAYS = 1096;

/**
 * The pages (002 §2 Analytics routes, all under /BMS) with their function ids and which part builds them:
 * - `shipment`: the shipment facts (modules/analytics) — volumes by month, mode, service, lane, customer, carrier, agent;
 * - `gp`: the GP computations of the gp-report module (modules/analytics-gp);
 * - `carrier`: schedule reliability, roll-overs and MQC (modules/carrier-analytics);
 * - `co2e`: emissions (modules/co2e);
 * - `ops`: ageing alerts, productivity and screen usage (modules/operation-alert).
 * `view` names the page a variant is a preset view of (same data, another default grouping or mode filter).
 * Every page is served by GET /api/v1/Analytics/{page} (+ /documents, /export) and shown by the generic frame.
 */
export const ANALYTICS_PAGES = {
  ShipmentReport: { funcId: 'm_analytics_shipment', source: 'shipment' },
  ShipmentReportPBIDirectQuery: {
    funcId: 'm_analytics_shipment_dq',
    source: 'shipment',
    view: 'ShipmentReport',
  },
  ShipmentReportPBIDataImport: {
    funcId: 'm_analytics_shipment_import',
    source: 'shipment',
    view: 'ShipmentReport',
  },
  ShipmentReportPBI2: { funcId: 'm_analytics_shipment2', source: 'shipment', view: 'ShipmentReport' },
  CarrierReportPBI: { funcId: 'm_analytics_carrier', source: 'shipment' },
  AgentReportPBI: { funcId: 'm_analytics_agent', source: 'shipment' },
  AgentReportPBI2: { funcId: 'm_analytics_agent2', source: 'shipment', view: 'AgentReportPBI' },
  AirShipmentReportPBI: { funcId: 'm_analytics_air_shipment', source: 'shipment' },
  AirShipmentReportPBI2: {
    funcId: 'm_analytics_air_shipment2',
    source: 'shipment',
    view: 'AirShipmentReportPBI',
  },
  AirAgentReportPBI: { funcId: 'm_analytics_air_agent', source: 'shipment' },
  AirAgentReportPBI2: { funcId: 'm_analytics_air_agent2', source: 'shipment', view: 'AirAgentReportPBI' },
  BookingPBI: { funcId: 'm_analytics_booking', source: 'shipment' },
  VendorReportPBI: { funcId: 'm_analytics_vendor', source: 'gp' },
  InvoiceGPPBI: { funcId: 'm_analytics_invoice_gp', source: 'gp' },
  ProfitabilityReportPBI: { funcId: 'm_analytics_profitability', source: 'gp' },
  ProfitabilityReportPBI2: {
    funcId: 'm_analytics_profitability2',
    source: 'gp',
    view: 'ProfitabilityReportPBI',
  },
  SalesProfitabilityReportPBI: { funcId: 'm_analytics_sales_profitability', source: 'gp' },
  SalesProfitabilityReportPBI2: {
    funcId: 'm_analytics_sales_profitability2',
    source: 'gp',
    view: 'SalesProfitabilityReportPBI',
  },
  MISTest: { funcId: 'm_analytics_mis', source: 'gp' },
  MISTestImport: { funcId: 'm_analytics_mis_import', source: 'gp', view: 'MISTest' },
  ManorReportPBI: { funcId: 'm_analytics_manor', source: 'gp' },
  CarrierPerformance: { funcId: 'm_analytics_carrier_performance', source: 'carrier' },
  CarrierPerformanceSummary: { funcId: 'm_analytics_carrier_performance_summary', source: 'carrier' },
  CarrierMQC: { funcId: 'm_analytics_carrier_mqc', source: 'carrier' },
  CarrierMQCShapiro: { funcId: 'm_analytics_carrier_mqc_shapiro', source: 'carrier', view: 'CarrierMQC' },
  CO2eEmissionReportPBI: { funcId: 'm_analytics_co2e', source: 'co2e' },
  OperationReportPBI: { funcId: 'm_analytics_operation', source: 'ops' },
  OperationAlertPBI: { funcId: 'm_analytics_operation_alert', source: 'ops' },
  ProductivityReportPBI: { funcId: 'm_analytics_productivity', source: 'ops' },
  InsightTrackerReportPBI: { funcId: 'm_analytics_insight_tracker', source: 'ops' },
  WeblogTrackerReportPBI: { funcId: 'm_analytics_weblog_tracker', source: 'ops' },
} as const satisfies Record<
  string,
  { funcId: FuncId; source: 'shipment' | 'gp' | 'carrier' | 'co2e' | 'ops'; view?: string }
>;
export type TAnalyticsPageName = keyof typeof ANALYTICS_PAGES;
export const ANALYTICS_PAGE_NAMES = Object.keys(ANALYTICS_PAGES) as TAnalyticsPageName[];

/** The filter bar's fields (every page accepts all of them; a page ignores the ones that do not apply). */
export const ANALYTICS_FILTER_KEYS = [
  'from',
  'to',
  'office',
  'mode',
  'service',
  'carrier',
  'customer',
  'lane',
] as const;
export type TAnalyticsFilterKey = (typeof ANALYTICS_FILTER_KEYS)[number];

/** Date presets of the filter bar (the period is the shipments' ETD, the invoices' job month…: each page says). */
export const ANALYTICS_PRESETS = ['last30d', 'last3m', 'last6m', 'last12m', 'thisYear', 'lastYear'] as const;
