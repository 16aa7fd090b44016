import { exportColumn, exportColumns, SHARED_COLUMNS } from '../../platform/export/columns';
import type { TradelaneRow } from './tradelane.repository';

const col = exportColumn<TradelaneRow>;
const country = (code: string, name: string | null) => (name ? `${code} - ${name}` : code);

const COLUMNS = [
  col({ 'en-US': 'ID', 'zh-HK': '編號', 'zh-CN': '编号' }, (r) => r.tradelane_id, 8),
  col(
    { 'en-US': 'Trade Lane Name', 'zh-HK': '貿易航線名稱', 'zh-CN': '贸易航线名称' },
    (r) => r.tradelane_name,
    30,
  ),
  col({ 'en-US': 'Type', 'zh-HK': '類型', 'zh-CN': '类型' }, (r) => r.tradelane_type, 14),
  col(
    { 'en-US': 'POL Country', 'zh-HK': '裝貨港國家', 'zh-CN': '装货港国家' },
    (r) => country(r.pol_country, r.pol_country_name),
    24,
  ),
  col(
    { 'en-US': 'POD Country', 'zh-HK': '卸貨港國家', 'zh-CN': '卸货港国家' },
    (r) => country(r.pod_country, r.pod_country_name),
    24,
  ),
  col({ 'en-US': 'Office Code', 'zh-HK': '辦事處代碼', 'zh-CN': '办事处代码' }, (r) => r.office_code, 12),
  col({ 'en-US': 'Account Code', 'zh-HK': '帳戶代碼', 'zh-CN': '账户代码' }, (r) => r.account_code, 14),
  col({ 'en-US': 'Effective Date', 'zh-HK': '生效日期', 'zh-CN': '生效日期' }, (r) => r.effective_date, 14),
  col({ 'en-US': 'Customer Type', 'zh-HK': '客戶類型', 'zh-CN': '客户类型' }, (r) => r.customer_type, 14),
  col({ 'en-US': 'Customer Code', 'zh-HK': '客戶代碼', 'zh-CN': '客户代码' }, (r) => r.customer_code, 14),
  SHARED_COLUMNS.updatedAt<TradelaneRow>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const tradelaneExportColumns = exportColumns(COLUMNS);
