// The operation alerts' and page-view log's constants without zod (issue 17): the web app's shell imports the
// route pattern rule (the page-view recorder runs on every screen, so it must stay light). Schemas: operation-alert.ts.

/** The kinds of document the alert dashboard collects, in the order it shows them. */
export const OPERATION_ALERT_KINDS = [
  'booking',
  'booking_approval',
  'consolidation',
  'load_plan',
  'invoice',
] as const;
export type TOperationAlertKind = (typeof OPERATION_ALERT_KINDS)[number];
export const OPERATION_ALERT_COLOURS = ['red', 'yellow'] as const;
export type TOperationAlertColour = (typeof OPERATION_ALERT_COLOURS)[number];

/** A route pattern as the router declares it (no ids, no query): /BMS/enhance_booking/:search_state/… */
export const PAGE_VIEW_ROUTE_RE = /^\/[A-Za-z0-9_\-/:.*]{0,199}$/;
/** Most views one POST /PageViews carries (the web app sends every 20 views or 30 s). */
export const PAGE_VIEW_BATCH_MAX = 50;
/** How long page views are kept (days); older ones are swept (at most hourly, by the recording instance). */
export const PAGE_VIEW_RETENTION_DAYS = 400;
