import type { TRoutingTemplate } from '@portal/contracts';
import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';

const col = exportColumn<TRoutingTemplate>;
const yn = (v: boolean) => (v ? 'Y' : 'N');

const COLUMNS = [
  col({ 'en-US': 'Name', 'zh-HK': '名稱', 'zh-CN': '名称' }, (r) => r.name, 28),
  col({ 'en-US': 'Customer', 'zh-HK': '客戶', 'zh-CN': '客户' }, (r) => r.customer_name, 30),
  col({ 'en-US': 'Consignee', 'zh-HK': '收貨人', 'zh-CN': '收货人' }, (r) => r.consignee_name, 30),
  col(HEADERS.pod, (r) => r.pod, 10),
  col({ 'en-US': 'PLD', 'zh-HK': '交貨地', 'zh-CN': '交货地' }, (r) => r.pld, 10),
  col({ 'en-US': 'FD', 'zh-HK': '最終目的地', 'zh-CN': '最终目的地' }, (r) => r.fd, 10),
  col({ 'en-US': 'Effective From', 'zh-HK': '生效日期', 'zh-CN': '生效日期' }, (r) => r.effective_from, 14),
  col({ 'en-US': 'Effective To', 'zh-HK': '生效截止日期', 'zh-CN': '失效日期' }, (r) => r.effective_to, 14),
  col(
    { 'en-US': 'Can Be Overwritten', 'zh-HK': '可覆寫', 'zh-CN': '可覆盖' },
    (r) => yn(r.can_overwrite),
    12,
  ),
  col(
    {
      'en-US': 'PLD/FD ETA Validation',
      'zh-HK': 'PLD/FD 預計到達時間驗證',
      'zh-CN': 'PLD/FD 预计到达时间验证',
    },
    (r) => yn(r.eta_validation),
    14,
  ),
  SHARED_COLUMNS.updatedAt<TRoutingTemplate>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const routingTemplateExportColumns = exportColumns(COLUMNS);
