import { money } from '@portal/contracts';
import { exportColumn, exportColumns } from '../../platform/export/columns';
import type { InvoiceListRow } from './invoice.repository';

const col = exportColumn<InvoiceListRow>;

/** An amount of the invoice's currency, to that currency's digits. */
const cur = (r: InvoiceListRow, v: string) => money.round(v, r.inv.currency);

const COLUMNS = [
  col({ 'en-US': 'Invoice#', 'zh-HK': '發票號', 'zh-CN': '发票号' }, (r) => r.inv.invoice_no, 18),
  col({ 'en-US': 'AR/AP', 'zh-HK': '應收/應付', 'zh-CN': '应收/应付' }, (r) => r.inv.inv_type, 8),
  col({ 'en-US': 'Type', 'zh-HK': '類型', 'zh-CN': '类型' }, (r) => r.inv.kind, 12),
  col({ 'en-US': 'Status', 'zh-HK': '狀態', 'zh-CN': '状态' }, (r) => r.inv.status, 16),
  col({ 'en-US': 'Account Code', 'zh-HK': '賬戶代碼', 'zh-CN': '账户代码' }, (r) => r.inv.account_code, 14),
  col({ 'en-US': 'Account Name', 'zh-HK': '賬戶名稱', 'zh-CN': '账户名称' }, (r) => r.account_name, 30),
  col({ 'en-US': 'Job#', 'zh-HK': '工作號', 'zh-CN': '工作号' }, (r) => r.job_nos.join(', '), 20),
  col({ 'en-US': 'HBL/HAWB', 'zh-HK': '分提單', 'zh-CN': '分提单' }, (r) => r.inv.hbl_no, 18),
  col({ 'en-US': 'Currency', 'zh-HK': '貨幣', 'zh-CN': '货币' }, (r) => r.inv.currency, 8),
  // Amounts leave as text: the exact decimal with its currency's ISO 4217 digits (the numeric column's
  // "2500.0000" as "2500.00"; JPY "2500"), never a float in the sheet.
  col({ 'en-US': 'Total', 'zh-HK': '總額', 'zh-CN': '总额' }, (r) => cur(r, r.inv.total_amount), 16),
  col(
    { 'en-US': 'Base Total', 'zh-HK': '本位幣總額', 'zh-CN': '本位币总额' },
    (r) => money.round(r.inv.base_total_amount, r.inv.base_currency),
    16,
  ),
  col({ 'en-US': 'Invoice Date', 'zh-HK': '發票日期', 'zh-CN': '发票日期' }, (r) => r.inv.invoice_date, 12),
  col(
    { 'en-US': 'Settled', 'zh-HK': '已結金額', 'zh-CN': '已结金额' },
    (r) => cur(r, r.inv.settled_amount),
    16,
  ),
  col(
    { 'en-US': 'Outstanding', 'zh-HK': '未結金額', 'zh-CN': '未结金额' },
    (r) => cur(r, r.inv.outstanding_amount),
    16,
  ),
  col({ 'en-US': 'AP Ref', 'zh-HK': '應付參考號', 'zh-CN': '应付参考号' }, (r) => r.inv.ap_ref, 16),
  col({ 'en-US': 'Group#', 'zh-HK': '組號', 'zh-CN': '组号' }, (r) => r.inv.group_no, 12),
  col({ 'en-US': 'Office', 'zh-HK': '辦事處', 'zh-CN': '办事处' }, (r) => r.inv.office_code, 8),
  col(
    { 'en-US': 'Updated At', 'zh-HK': '更新時間', 'zh-CN': '更新时间' },
    (r) => new Date(r.inv.updated_at),
    20,
  ),
];

/** Export columns of the invoice lists with headers in the caller's language. */
export const invoiceExportColumns = exportColumns(COLUMNS);
