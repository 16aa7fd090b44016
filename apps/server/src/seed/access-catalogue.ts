import type { FuncId } from '@portal/contracts';

/** Function ids with the menu they belong to (uac.menu_func_accesses) and a description. */
export const FUNCS: { func_id: FuncId; menu_id: string; description: string }[] = [
  { func_id: 'booking', menu_id: 'm_booking_enhance', description: 'Booking lists and shipping orders' },
  { func_id: 'create_booking', menu_id: 'm_booking_enhance', description: 'Create shipping orders' },
  { func_id: 'booking_approval', menu_id: 'm_booking_approval_enhance', description: 'Booking approval' },
  { func_id: 'compareso', menu_id: 'm_booking_approval_enhance', description: 'Rate and sailing comparison' },
  { func_id: 'master_bl', menu_id: 'm_master_bl', description: 'Master bills of lading' },
  { func_id: 'consolidation', menu_id: 'm_consolidation', description: 'Consolidations' },
  { func_id: 'create_consolidation', menu_id: 'm_consolidation', description: 'Create consolidations' },
  { func_id: 'party', menu_id: 'm_party', description: 'Party maintenance' },
  { func_id: 'tmplib_base', menu_id: 'm_tmplib', description: 'Template library' },
  { func_id: 'tmplib_edit', menu_id: 'm_tmplib', description: 'Edit templates' },
  { func_id: 'routing_template', menu_id: 'm_sopms', description: 'Routing templates' },
  { func_id: 'create_routing_template', menu_id: 'm_sopms', description: 'Create routing templates' },
  { func_id: 'seq_base', menu_id: 'm_seq', description: 'Sequence rules' },
  { func_id: 'admin', menu_id: 'm_admin', description: 'Administration and master data maintenance' },
  { func_id: 'm_rw_search', menu_id: 'm_report_writer', description: 'Report writer' },
  { func_id: 'm_ap', menu_id: 'm_invoice', description: 'AP invoices' },
  { func_id: 'm_ar', menu_id: 'm_invoice', description: 'AR invoices' },
  { func_id: 'm_ap_search', menu_id: 'm_invoice', description: 'Search AP invoices' },
  { func_id: 'm_ar_search', menu_id: 'm_invoice', description: 'Search AR invoices' },
  { func_id: 'inv_edit', menu_id: 'm_invoice', description: 'Edit invoices' },
  { func_id: 'inv_closing', menu_id: 'm_invoice', description: 'Invoice closing' },
  { func_id: 'inv_generic_closing', menu_id: 'm_invoice', description: 'Generic invoice closing' },
  { func_id: 'm_fin', menu_id: 'm_finance', description: 'Finance' },
  { func_id: 'm_fin_search', menu_id: 'm_finance', description: 'Finance search' },
  { func_id: 'm_analytics_shipment', menu_id: 'm_analytics', description: 'Shipment report' },
  {
    func_id: 'm_operation_alert_dashboard',
    menu_id: 'm_analytics',
    description: 'Operation alert dashboard',
  },
  {
    func_id: 'show_full_list_hd_office',
    menu_id: 'm_booking_enhance',
    description: 'See every handling office',
  },
  { func_id: 'change_user', menu_id: 'm_setting', description: 'Change User (super users)' },
];

const OPS: FuncId[] = [
  'booking',
  'create_booking',
  'booking_approval',
  'compareso',
  'consolidation',
  'create_consolidation',
  'master_bl',
  'party',
  'routing_template',
  'create_routing_template',
  'tmplib_base',
  'm_operation_alert_dashboard',
  'm_analytics_shipment',
];

/** Roles and the function ids they grant. The full role catalogue is not in the spec; see docs/decisions.md. */
export const ROLES: { code: string; name: string; funcs: FuncId[] | 'all' }[] = [
  { code: 'ADMIN', name: 'Administrator', funcs: 'all' },
  { code: 'OPERATIONS', name: 'Operations', funcs: OPS },
  {
    code: 'SUPERVISOR',
    name: 'Operations supervisor',
    funcs: [...OPS, 'seq_base', 'show_full_list_hd_office', 'tmplib_edit'],
  },
  {
    code: 'MANAGER',
    name: 'Manager',
    funcs: [
      'booking',
      'booking_approval',
      'consolidation',
      'master_bl',
      'party',
      'm_analytics_shipment',
      'm_operation_alert_dashboard',
      'm_fin',
      'm_fin_search',
      'm_rw_search',
      'm_ap_search',
      'm_ar_search',
    ],
  },
  {
    code: 'FINANCE',
    name: 'Finance',
    funcs: [
      'm_ap',
      'm_ar',
      'm_ap_search',
      'm_ar_search',
      'inv_edit',
      'inv_closing',
      'inv_generic_closing',
      'm_fin',
      'm_fin_search',
      'party',
    ],
  },
  { code: 'AGENT', name: 'Agent', funcs: ['booking', 'booking_approval', 'create_booking'] },
  { code: 'CONSIGNEE', name: 'Consignee', funcs: ['booking', 'booking_approval'] },
  { code: 'SHIPPER', name: 'Shipper', funcs: ['booking', 'create_booking'] },
  { code: 'SUPPORT', name: 'IT support (super user)', funcs: ['change_user', 'booking', 'booking_approval'] },
];

/** Profile types (000 §3: profile_type_id, profile_type). */
export const PROFILE_TYPES: { code: string; name: string; is_internal: boolean }[] = [
  { code: 'ADMIN', name: 'Administrator', is_internal: true },
  { code: 'OPERATIONS', name: 'Operations', is_internal: true },
  { code: 'SUPERVISOR', name: 'Supervisor', is_internal: true },
  { code: 'MANAGER', name: 'Manager', is_internal: true },
  { code: 'FINANCE', name: 'Finance', is_internal: true },
  { code: 'SUPPORT', name: 'Support', is_internal: true },
  { code: 'AGENT', name: 'Agent', is_internal: false },
  { code: 'CONSIGNEE', name: 'Consignee', is_internal: false },
  { code: 'SHIPPER', name: 'Shipper', is_internal: false },
  { code: 'CUSTOMER', name: 'Customer', is_internal: false },
];

/**
 * The menu the server sends (000 §3 Menu item), holding only screens that exist. Each module adds its
 * items here. `section` groups modules; 'setting' and 'admin' are never the default landing (000 §4).
 */
export const MENU: {
  menu_key: string;
  parent_key: string | null;
  title_key: string;
  url: string | null;
  icon: string | null;
  section: string;
  func_id: FuncId | null;
  sort_order: number;
}[] = [
  {
    menu_key: 'm_party',
    parent_key: null,
    title_key: 'party',
    url: '/BMS/party',
    icon: 'team',
    section: 'party',
    func_id: 'party',
    sort_order: 100,
  },
  {
    menu_key: 'm_sopms',
    parent_key: null,
    title_key: 'sopms',
    url: null,
    icon: 'profile',
    section: 'sopms',
    func_id: null,
    sort_order: 700,
  },
  {
    menu_key: 'm_sopms_routing_template',
    parent_key: 'm_sopms',
    title_key: 'routingTemplate',
    url: '/SOPMS/routing_template/search_routing_template',
    icon: null,
    section: 'sopms',
    func_id: 'routing_template',
    sort_order: 710,
  },
  {
    menu_key: 'm_admin',
    parent_key: null,
    title_key: 'admin',
    url: null,
    icon: 'setting',
    section: 'admin',
    func_id: null,
    sort_order: 900,
  },
  {
    menu_key: 'm_admin_party_group',
    parent_key: 'm_admin',
    title_key: 'partyGroupMaintenance',
    url: '/BMS/party_group_maintenance',
    icon: null,
    section: 'admin',
    func_id: 'admin',
    sort_order: 910,
  },
  {
    menu_key: 'm_admin_tradelane',
    parent_key: 'm_admin',
    title_key: 'tradelaneMaintenance',
    url: '/BMS/tradelane_maintenance',
    icon: null,
    section: 'admin',
    func_id: 'admin',
    sort_order: 920,
  },
  {
    menu_key: 'm_admin_sailing_schedule',
    parent_key: 'm_admin',
    title_key: 'sailingScheduleMaintenance',
    url: '/BMS/sailing_schedule_maintenance',
    icon: null,
    section: 'admin',
    func_id: 'admin',
    sort_order: 930,
  },
  {
    menu_key: 'm_admin_rate',
    parent_key: 'm_admin',
    title_key: 'rateMaintenance',
    url: '/BMS/rate_maintenance',
    icon: null,
    section: 'admin',
    func_id: 'admin',
    sort_order: 940,
  },
  {
    menu_key: 'm_admin_warehouse',
    parent_key: 'm_admin',
    title_key: 'warehouseMaintenance',
    url: '/BMS/warehouse_maintenance',
    icon: null,
    section: 'admin',
    func_id: 'admin',
    sort_order: 945,
  },
  {
    menu_key: 'm_admin_carrier',
    parent_key: 'm_admin',
    title_key: 'carrierMaintenance',
    url: '/BMS/carrier_maintenance',
    icon: null,
    section: 'admin',
    func_id: 'admin',
    sort_order: 950,
  },
  {
    menu_key: 'm_admin_seq',
    parent_key: 'm_admin',
    title_key: 'sequenceRules',
    url: '/BMS/Admin/SEQ/SequenceSearch',
    icon: null,
    section: 'admin',
    func_id: 'seq_base',
    sort_order: 960,
  },
];
