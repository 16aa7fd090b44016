import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';
import type { WarehouseRow } from './warehouse.repository';

const col = exportColumn<WarehouseRow>;
const lines = (...v: (string | null)[]) => v.filter(Boolean).join('\n') || null;

const COLUMNS = [
  col({ 'en-US': 'Warehouse Code', 'zh-HK': '倉庫代碼', 'zh-CN': '仓库代码' }, (r) => r.warehouse_code, 16),
  col({ 'en-US': 'Warehouse Name', 'zh-HK': '倉庫名稱', 'zh-CN': '仓库名称' }, (r) => r.warehouse_name, 36),
  col(
    { 'en-US': 'Address (English)', 'zh-HK': '地址（英文）', 'zh-CN': '地址（英文）' },
    (r) => lines(r.address1, r.address2, r.address3, r.address4),
    40,
  ),
  col(
    { 'en-US': 'Address (Local)', 'zh-HK': '地址（本地語言）', 'zh-CN': '地址（本地语言）' },
    (r) => lines(r.local_address1, r.local_address2, r.local_address3, r.local_address4),
    40,
  ),
  col({ 'en-US': 'Tel', 'zh-HK': '電話', 'zh-CN': '电话' }, (r) => r.tel, 18),
  col({ 'en-US': 'Contact Person', 'zh-HK': '聯絡人', 'zh-CN': '联系人' }, (r) => r.contact_person, 20),
  col({ 'en-US': 'Contact E-mail', 'zh-HK': '聯絡電郵', 'zh-CN': '联系邮箱' }, (r) => r.contact_email, 28),
  col({ 'en-US': 'Remark', 'zh-HK': '備註', 'zh-CN': '备注' }, (r) => r.remark, 30),
  col(HEADERS.status, (r) => r.status, 8),
  SHARED_COLUMNS.updatedAt<WarehouseRow>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const warehouseExportColumns = exportColumns(COLUMNS);
