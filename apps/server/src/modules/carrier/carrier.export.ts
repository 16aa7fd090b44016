import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';
import type { CarrierRow } from './carrier.repository';

const col = exportColumn<CarrierRow>;

const COLUMNS = [
  col({ 'en-US': 'Carrier Code', 'zh-HK': '承運商代碼', 'zh-CN': '承运商代码' }, (r) => r.carrier_code, 14),
  col({ 'en-US': 'SCAC', 'zh-HK': 'SCAC', 'zh-CN': 'SCAC' }, (r) => r.scac, 10),
  col({ 'en-US': 'CBSA', 'zh-HK': 'CBSA', 'zh-CN': 'CBSA' }, (r) => r.cbsa, 10),
  col({ 'en-US': 'NACCS', 'zh-HK': 'NACCS', 'zh-CN': 'NACCS' }, (r) => r.naccs, 10),
  col({ 'en-US': 'Display Name', 'zh-HK': '顯示名稱', 'zh-CN': '显示名称' }, (r) => r.display_name, 22),
  col({ 'en-US': 'Full Name', 'zh-HK': '全稱', 'zh-CN': '全称' }, (r) => r.full_name, 40),
  col({ 'en-US': 'Alliance', 'zh-HK': '聯盟', 'zh-CN': '联盟' }, (r) => r.alliance, 14),
  col({ 'en-US': 'Type', 'zh-HK': '類型', 'zh-CN': '类型' }, (r) => r.carrier_type, 10),
  col({ 'en-US': 'Effective From', 'zh-HK': '生效日期', 'zh-CN': '生效日期' }, (r) => r.effective_from, 14),
  col({ 'en-US': 'Effective To', 'zh-HK': '失效日期', 'zh-CN': '失效日期' }, (r) => r.effective_to, 14),
  col(HEADERS.status, (r) => r.status, 8),
  SHARED_COLUMNS.updatedAt<CarrierRow>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const carrierExportColumns = exportColumns(COLUMNS);
