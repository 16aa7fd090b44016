import { z } from 'zod';
import {
  OPERATION_ALERT_COLOURS,
  OPERATION_ALERT_KINDS,
  PAGE_VIEW_BATCH_MAX,
  PAGE_VIEW_ROUTE_RE,
} from './operation-alert-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Operation alerts (issue 17; docs/operation-alerts.md): every document that is yellow or red by the ageing
// rules of its list (001 §4, 002 §9), and the page-view log the usage pages read (docs/analytics.md).
// ---------------------------------------------------------------------------------------------------------

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !v.includes('\0'));

/** GET /api/v1/OperationAlert/dashboard */
export const ZOperationAlertQuery = z.object({
  office: text(40).optional().describe('Handling office code'),
  kind: z.enum(OPERATION_ALERT_KINDS).optional(),
  colour: z.enum(OPERATION_ALERT_COLOURS).optional(),
  owner: text(200).optional().describe('The user who last changed the document (as shown in the groups)'),
  perGroup: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe('Rows shown per owner and office group, oldest first'),
});
export type TOperationAlertQuery = z.infer<typeof ZOperationAlertQuery>;

/** One yellow or red document (one row per list it is coloured in). */
export const ZOperationAlertRow = z.object({
  kind: z.enum(OPERATION_ALERT_KINDS),
  /** The list (booking/approval/consolidation list key) or the invoice stage ("AR:PendingPosting"). */
  list: z.string(),
  doc_id: z.number().int(),
  /** SO#, consol#, invoice#. */
  number: z.string(),
  status: z.string().nullable(),
  colour: z.enum(OPERATION_ALERT_COLOURS),
  /** When the ageing clock started (ISO), or the ETD (YYYY-MM-DD) for load plans. */
  since: z.string(),
  /** When the alert began (ISO): the clock, or ETD minus the yellow days for load plans; oldest first. */
  alert_at: z.string(),
  office: z.string().nullable(),
  owner: z.string().nullable(),
  /** Bookings: opened as an e-booking or a shipping order. */
  is_e_booking: z.boolean(),
  /** Invoices: AR or AP (which detail opens). */
  inv_type: z.string().nullable(),
});
export type TOperationAlertRow = z.infer<typeof ZOperationAlertRow>;

const ZColourCounts = { yellow: z.number().int(), red: z.number().int() };

export const ZOperationAlertDashboard = z.object({
  generatedAt: z.string(),
  /** Each list is read up to this many alerts (oldest first); `capped` says some list had more. */
  cap: z.number().int(),
  capped: z.boolean(),
  totals: z.object(ZColourCounts),
  byKind: z.array(z.object({ kind: z.enum(OPERATION_ALERT_KINDS), ...ZColourCounts })),
  /** The filter options (offices and owners that have alerts the viewer may see). */
  offices: z.array(z.string()),
  owners: z.array(z.string()),
  /** Owner × office groups, the group with the oldest alert first; rows oldest first (perGroup of them). */
  groups: z.array(
    z.object({
      owner: z.string().nullable(),
      office: z.string().nullable(),
      ...ZColourCounts,
      rows: z.array(ZOperationAlertRow),
    }),
  ),
});
export type TOperationAlertDashboard = z.infer<typeof ZOperationAlertDashboard>;

/** POST /api/v1/PageViews */
export const ZPageViewBatch = z.object({
  views: z
    .array(
      z.object({
        route: z.string().regex(PAGE_VIEW_ROUTE_RE),
        at: z.string().datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(PAGE_VIEW_BATCH_MAX),
});
export type TPageViewBatch = z.infer<typeof ZPageViewBatch>;
/** How many of the batch's page views were recorded. */
export const ZPageViewRecorded = z.object({ recorded: z.number().int() });
