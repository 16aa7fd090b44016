import type { TRate } from '@portal/contracts';
import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';

const col = exportColumn<TRate>;

const COLUMNS = [
  col({ 'en-US': 'Source Key', 'zh-HK': '來源編號', 'zh-CN': '来源编号' }, (r) => r.source_key, 22),
  col({ 'en-US': 'Carrier', 'zh-HK': '承運商', 'zh-CN': '承运商' }, (r) => r.carrier_code, 10),
  col(HEADERS.pol, (r) => r.pol, 8),
  col(HEADERS.pod, (r) => r.pod, 8),
  col({ 'en-US': 'Service', 'zh-HK': '服務', 'zh-CN': '服务' }, (r) => r.service, 8),
  col({ 'en-US': 'Currency', 'zh-HK': '貨幣', 'zh-CN': '币种' }, (r) => r.currency, 8),
  col(
    { 'en-US': 'Container Rates', 'zh-HK': '貨櫃運價', 'zh-CN': '集装箱运价' },
    (r) => r.rate_containers.map((c) => `${c.container_type} ${c.amount}`).join('; '),
    36,
  ),
  col({ 'en-US': 'Valid From', 'zh-HK': '有效日期由', 'zh-CN': '有效日期从' }, (r) => r.valid_from, 12),
  col({ 'en-US': 'Valid To', 'zh-HK': '有效日期至', 'zh-CN': '有效日期至' }, (r) => r.valid_to, 12),
  col({ 'en-US': 'Transit Days', 'zh-HK': '航程天數', 'zh-CN': '航程天数' }, (r) => r.transit_days, 8),
  col(
    { 'en-US': 'Free Time Days', 'zh-HK': '免費期天數', 'zh-CN': '免费期天数' },
    (r) => r.free_time_days,
    8,
  ),
  col({ 'en-US': 'Remarks', 'zh-HK': '備註', 'zh-CN': '备注' }, (r) => r.remarks, 30),
  col(HEADERS.status, (r) => r.status, 6),
  SHARED_COLUMNS.updatedAt<TRate>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const rateExportColumns = exportColumns(COLUMNS);
