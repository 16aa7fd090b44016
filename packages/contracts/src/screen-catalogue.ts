// ---------------------------------------------------------------------------------------------------------
// Constants and small helpers list and dashboard screens need, without zod (issue 20): a list screen that imports
// them from the schema module would load zod and every schema of that module (top-level z.object(...) calls are
// kept by the bundler). Each schema module re-exports its own, so `@portal/contracts` imports are unchanged.
// ---------------------------------------------------------------------------------------------------------
import { BOOKING_AGEING } from './booking-catalogue';
import type { TFilterFieldType } from './list-catalogue';

// ---- consolidation ----
/** Consol types (001 §3): who the plan is for, and so which customer profile approves it. */
export const CONSOL_TYPES = ['AGENT', 'BUYER', 'SHIPPER', 'LCL_COLOAD'] as const;
/** Consolidation statuses (001 §4). */
export const CONSOL_STATUSES = [
  'PLAN',
  'REQUEST_FOR_APPROVAL',
  'PENDING_CUSTOMER',
  'APPROVED',
  'REJECTED',
  'CONSOL_ADVICE',
  'CANCELLED',
  'RECOVERED',
] as const;
export const CONSOL_SORTABLE = ['consol_no', 'etd', 'updated_at', 'status_changed_at', 'created_at'] as const;
export const CONSOL_FILTER_FIELDS = {
  consol_no: 'text',
  status: 'select',
  consol_type: 'select',
  pol: 'select',
  pod: 'select',
  handling_office: 'select',
  contact_office: 'select',
  etd: 'date',
} as const satisfies Record<string, 'text' | 'select' | 'date' | 'number'>;
/** Ageing rules of the consolidation lists (001 §4, §9). Hours after the clock, except loadPlan (days before ETD). */
export const CONSOL_AGEING = {
  pendingConfirmation: BOOKING_AGEING.pendingConfirmation,
  approvalRequest: BOOKING_AGEING.approvalRequest,
  rejected: BOOKING_AGEING.rejected,
  loadPlan: { yellowDaysBefore: 7, redDaysBefore: 3 },
} as const;
export type TConsolAgeingRule = keyof typeof CONSOL_AGEING;
export type TConsolColour = 'yellow' | 'red' | null;
/**
 * The ageing colour of a row: for the hour rules, from `since` (ISO timestamp) to `now`; for loadPlan, from
 * `now` to the plan's ETD (`since` holds the ETD date).
 */
export function consolAgeingColour(
  rule: TConsolAgeingRule | null,
  since: string | null,
  now: Date = new Date(),
): TConsolColour {
  if (!rule || !since) return null;
  if (rule === 'loadPlan') {
    const days = (Date.parse(`${since.slice(0, 10)}T00:00:00Z`) - now.getTime()) / 86_400_000;
    if (days < CONSOL_AGEING.loadPlan.redDaysBefore) return 'red';
    if (days < CONSOL_AGEING.loadPlan.yellowDaysBefore) return 'yellow';
    return null;
  }
  const t = CONSOL_AGEING[rule];
  const hours = (now.getTime() - new Date(since).getTime()) / 3_600_000;
  if (hours >= t.red) return 'red';
  if (t.yellow !== null && hours >= t.yellow) return 'yellow';
  return null;
}

// ---- finance ----
export const FINANCE_PRESETS = { '1d': 1, '3d': 3, '1w': 7, '2w': 14, '1m': 30, '2m': 61, '3m': 92 } as const;
export type TFinancePreset = keyof typeof FINANCE_PRESETS;
export const FINANCE_PRESET_NAMES = Object.keys(FINANCE_PRESETS) as TFinancePreset[];
export const FINANCE_SORTABLE = [
  'invoice_no',
  'invoice_date',
  'account_code',
  'outstanding_amount',
  'total_amount',
  'posted_at',
] as const;
export const LATE_INVOICING_SORTABLE = ['etd', 'job_no'] as const;
export const OVERDUE_REPORT_SORTABLE = ['account_code', 'total', 'd90_plus', 'over_limit'] as const;
/**
 * Invoice lists under /FIN/Search/{name} besides the invoice stage lists (which keep their AR/AP names):
 * Outstanding (posted or closed, not fully settled), OverdueInvoicing (outstanding past the due date),
 * DueThisWeek (outstanding, due within 7 days of the as-of date), PostedThisPeriod (posted in the as-of month).
 * LateInvoicing is a list of jobs (its own row). "All" is the Search screen itself.
 */
export const FINANCE_INVOICE_LISTS = [
  'All',
  'Outstanding',
  'OverdueInvoicing',
  'DueThisWeek',
  'PostedThisPeriod',
] as const;
/** The dashboard cards, in screen order. */
export const FINANCE_CARDS = [
  'receivable',
  'payable',
  'overdue',
  'lateInvoicing',
  'dueThisWeek',
  'postedThisPeriod',
  'unposted',
  'creditBreaches',
] as const;

// ---- master-bl ----
/** Where a master bill's shipping orders come from: an approved consol plan, or FCL shipping orders. */
export const MBL_SOURCES = ['CONSOL', 'FCL'] as const;
/** Master BL statuses: a draft is edited and printed, then issued by the carrier; cancel releases its SOs. */
export const MBL_STATUSES = ['DRAFT', 'ISSUED', 'CANCELLED'] as const;
export const MBL_SORTABLE = ['mbl_no', 'etd', 'updated_at', 'created_at'] as const;
export const MBL_FILTER_FIELDS = {
  mbl_no: 'text',
  carrier_mbl_no: 'text',
  status: 'select',
  source: 'select',
  carrier_code: 'select',
  pol: 'select',
  pod: 'select',
  handling_office: 'select',
  etd: 'date',
} as const satisfies Record<string, 'text' | 'select' | 'date' | 'number'>;
export const MBL_AGEING = { yellowDaysBefore: 7, redDaysBefore: 3 } as const;
/** The ageing colour of a bill waiting for the carrier's number: from now to its ETD. */
export function mblAgeingColour(etd: string | null, now: Date = new Date()): 'yellow' | 'red' | null {
  if (!etd) return null;
  const days = (Date.parse(`${etd.slice(0, 10)}T00:00:00Z`) - now.getTime()) / 86_400_000;
  if (days < MBL_AGEING.redDaysBefore) return 'red';
  if (days < MBL_AGEING.yellowDaysBefore) return 'yellow';
  return null;
}

// ---- sailing-schedule ----
/** A: active; C: cancelled (a blank sailing the carrier withdrew). */
export const SAILING_STATUSES = ['A', 'C'] as const;
export const SAILING_SORTABLE = [
  'etd',
  'eta',
  'carrier_code',
  'vessel_name',
  'voyage',
  'pol',
  'pod',
  'status',
  'updated_at',
] as const;
/** Fields a sailing custom filter may use, with their kind (the server's whitelist has the same names). */
export const SAILING_FILTER_FIELDS = {
  carrier_code: 'select',
  vessel_name: 'text',
  imo: 'text',
  voyage: 'text',
  service_name: 'text',
  service_code: 'text',
  pol: 'select',
  pod: 'select',
  transshipment_port: 'select',
  etd: 'date',
  eta: 'date',
  status: 'select',
} as const satisfies Record<string, TFilterFieldType>;

// ---- email-template ----
export const EMAIL_TEMPLATE_SORTABLE = ['event_code', 'updated_at'] as const;

// ---- sopms ----
export const SOPMS_SORTABLE = ['name', 'validation_group', 'override_level', 'status', 'updated_at'] as const;
/**
 * Section codes of /SOPMS/SOPMSSearch/{section_code}: the ledger side whose invoices a template checks (the
 * spec names no sections; docs/sopms.md). The invoice type criterion then narrows to kinds (DN, CN, PL...).
 */
export const SOPMS_SECTIONS = ['AR', 'AP'] as const;

// ---- user-admin ----
/** User status: A active, P pending activation, D disabled. */
export const USER_STATUSES = ['A', 'P', 'D'] as const;
/** User levels a profile may carry (uac.user_level_id). */
export const USER_LEVELS = [1, 2, 3, 4, 5] as const;
export const USER_SORTABLE = [
  'login_id',
  'last_name',
  'first_name',
  'status',
  'last_login_at',
  'updated_at',
] as const;
