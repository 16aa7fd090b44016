import type { Labels } from '../../platform/i18n/language';

/**
 * Export headers of the GP pages' tables (the server writes the Excel file): the same words as the web app's
 * `analytics-gp` namespace (apps/web/src/features/analytics/locales/{lang}/analytics-gp.json, its col group); the test checks
 * they agree.
 */
export const GP_COLUMN_LABELS: Record<string, Labels> = {
  'analytics-gp:col.shipments': { 'en-US': 'Shipments', 'zh-HK': '貨運數', 'zh-CN': '货运数' },
  'analytics-gp:col.teu': { 'en-US': 'TEU', 'zh-HK': 'TEU', 'zh-CN': 'TEU' },
  'analytics-gp:col.revenue': { 'en-US': 'Revenue', 'zh-HK': '收入', 'zh-CN': '收入' },
  'analytics-gp:col.cost': { 'en-US': 'Cost', 'zh-HK': '成本', 'zh-CN': '成本' },
  'analytics-gp:col.gp': { 'en-US': 'GP', 'zh-HK': '毛利', 'zh-CN': '毛利' },
  'analytics-gp:col.margin': { 'en-US': 'Margin %', 'zh-HK': '毛利率 %', 'zh-CN': '毛利率 %' },
  'analytics-gp:col.gpPerTeu': { 'en-US': 'GP / TEU', 'zh-HK': '毛利 / TEU', 'zh-CN': '毛利 / TEU' },
  'analytics-gp:col.gpPerShipment': { 'en-US': 'GP / shipment', 'zh-HK': '毛利 / 票', 'zh-CN': '毛利 / 票' },
  'analytics-gp:col.customer': { 'en-US': 'Customer', 'zh-HK': '客戶', 'zh-CN': '客户' },
  'analytics-gp:col.customerName': { 'en-US': 'Customer name', 'zh-HK': '客戶名稱', 'zh-CN': '客户名称' },
  'analytics-gp:col.lane': {
    'en-US': 'Lane (POL-POD)',
    'zh-HK': '航線（裝貨港-卸貨港）',
    'zh-CN': '航线（装货港-卸货港）',
  },
  'analytics-gp:col.salesman': { 'en-US': 'Salesperson', 'zh-HK': '銷售人員', 'zh-CN': '销售人员' },
  'analytics-gp:col.month': { 'en-US': 'Job month', 'zh-HK': '工作月份', 'zh-CN': '作业月份' },
  'analytics-gp:col.invMonth': { 'en-US': 'Invoice month', 'zh-HK': '發票月份', 'zh-CN': '发票月份' },
  'analytics-gp:col.jobMonth': { 'en-US': 'Job month', 'zh-HK': '工作月份', 'zh-CN': '作业月份' },
  'analytics-gp:col.invoices': { 'en-US': 'Invoices', 'zh-HK': '發票數', 'zh-CN': '发票数' },
  'analytics-gp:col.vendor': { 'en-US': 'Vendor', 'zh-HK': '供應商', 'zh-CN': '供应商' },
  'analytics-gp:col.vendorName': { 'en-US': 'Vendor name', 'zh-HK': '供應商名稱', 'zh-CN': '供应商名称' },
  'analytics-gp:col.share': { 'en-US': 'Share %', 'zh-HK': '佔比 %', 'zh-CN': '占比 %' },
  'analytics-gp:col.gpLastYear': {
    'en-US': 'GP last year',
    'zh-HK': '去年同期毛利',
    'zh-CN': '去年同期毛利',
  },
  'analytics-gp:col.gpChangeLastYear': {
    'en-US': 'GP vs last year %',
    'zh-HK': '毛利較去年同期 %',
    'zh-CN': '毛利较去年同期 %',
  },
  'analytics-gp:col.mode': { 'en-US': 'Mode', 'zh-HK': '運輸方式', 'zh-CN': '运输方式' },
  'analytics-gp:col.service': { 'en-US': 'Service', 'zh-HK': '服務類型', 'zh-CN': '服务类型' },
  'analytics-gp:col.office': { 'en-US': 'Office', 'zh-HK': '辦事處', 'zh-CN': '办事处' },
  'analytics-gp:col.amount': {
    'en-US': 'Amount on the jobs',
    'zh-HK': '工作上的金額',
    'zh-CN': '作业上的金额',
  },
};
