/** Function ids (000 §6). A route or screen guarded by one is reachable only when the user's profile holds it. */
export const FUNC_IDS = [
  'booking',
  'booking_approval',
  'create_booking',
  'master_bl',
  'consolidation',
  'create_consolidation',
  'tmplib_base',
  'tmplib_edit',
  'routing_template',
  'create_routing_template',
  'sopms_base',
  'sopms_edit',
  'seq_base',
  'admin',
  'party',
  'm_rw_search',
  'm_ap',
  'm_ar',
  'm_ap_search',
  'm_ar_search',
  'm_ap_blank_job',
  'inv_edit',
  'inv_closing',
  'inv_generic_closing',
  'inv_approve_supervisor',
  'inv_approve_manager',
  'm_fin',
  'm_fin_search',
  'm_fin_customer_overdue_report',
  'm_analytics_shipment',
  // Gross-profit reports (issue 15, 002 §2; docs/gp-reports.md).
  'm_ap_job_month_gp',
  'm_ar_gp_so',
  'm_analytics_inv_gp',
  'm_analytics_inv_gp1',
  'm_analytics_inv_gp2',
  'm_analytics_inv_gp3',
  'm_analytics_inv_gp4',
  'm_analytics_inv_salesgp',
  'm_operation_alert_dashboard',
  'show_full_list_hd_office',
  'change_user',
  'compareso',
] as const;

export type FuncId = (typeof FUNC_IDS)[number];

/**
 * How a route is reached: `public` (no sign-in), `authenticated` (any signed-in user, even before a
 * profile is chosen), `profile` (signed in with a chosen profile) or a function id.
 */
export type RouteAccess = 'public' | 'authenticated' | 'profile' | { funcId: FuncId };
