import type { Language, TFinanceInvoiceRow, TLateInvoicingRow, TOverdueReportRow } from '@portal/contracts';
import type { ExportColumn } from '../../platform/export/excel';
import type { Labels } from '../../platform/i18n/language';

type Col<T> = { labels: Labels; value: ExportColumn<T>['value']; width?: number };
const col = <T>(
  en: string,
  hk: string,
  cn: string,
  value: ExportColumn<T>['value'],
  width?: number,
): Col<T> => ({
  labels: { 'en-US': en, 'zh-HK': hk, 'zh-CN': cn },
  value,
  width,
});
const columns =
  <T>(cols: Col<T>[]) =>
  (lang: Language): ExportColumn<T>[] =>
    cols.map((c) => ({ header: c.labels[lang], value: c.value, width: c.width }));

// Amounts leave as text: the exact decimal, never a float in the sheet.
export const financeInvoiceExportColumns = columns<TFinanceInvoiceRow>([
  col('Invoice#', '發票號', '发票号', (r) => r.invoice_no, 18),
  col('AR/AP', '應收/應付', '应收/应付', (r) => r.inv_type, 8),
  col('Status', '狀態', '状态', (r) => r.status, 14),
  col('Account Code', '賬戶代碼', '账户代码', (r) => r.account_code, 14),
  col('Account Name', '賬戶名稱', '账户名称', (r) => r.account_name, 30),
  col('Office', '辦事處', '办事处', (r) => r.office_code, 8),
  col('Currency', '貨幣', '货币', (r) => r.currency, 8),
  col('Total', '總額', '总额', (r) => r.total_amount, 16),
  col('Outstanding', '未清金額', '未清金额', (r) => r.outstanding_amount, 16),
  col('Outstanding (Base)', '未清金額（本位幣）', '未清金额（本位币）', (r) => r.base_outstanding, 16),
  col('Invoice Date', '發票日期', '发票日期', (r) => r.invoice_date, 12),
  col('Due Date', '到期日', '到期日', (r) => r.due_date, 12),
  col('Days Past Due', '逾期天數', '逾期天数', (r) => r.days_past_due, 10),
  col('Posted At', '過賬時間', '过账时间', (r) => (r.posted_at ? new Date(r.posted_at) : null), 20),
]);

export const lateExportColumns = columns<TLateInvoicingRow>([
  col('Job#', '工作號', '工作号', (r) => r.job_no, 18),
  col('Missing', '缺少', '缺少', (r) => r.inv_type, 8),
  col('ETD', '預計開航', '预计开航', (r) => r.etd, 12),
  col('Office', '辦事處', '办事处', (r) => r.office_code, 8),
  col('Customer Code', '客戶代碼', '客户代码', (r) => r.account_code, 14),
  col('Customer', '客戶', '客户', (r) => r.account_name, 30),
  col('SOs', '訂艙數', '订舱数', (r) => r.so_count, 6),
  col('Days Late', '延遲天數', '延迟天数', (r) => r.days_late, 10),
]);

export const overdueExportColumns = columns<TOverdueReportRow>([
  col('Customer Code', '客戶代碼', '客户代码', (r) => r.account_code, 14),
  col('Customer', '客戶', '客户', (r) => r.account_name, 30),
  col('Payment Terms', '付款條件', '付款条件', (r) => r.payment_terms, 10),
  col('Credit Limit', '信用額度', '信用额度', (r) => r.credit_limit, 16),
  col('Credit Deadline (days)', '信用期限（天）', '信用期限（天）', (r) => r.credit_deadline_days, 10),
  col('Invoices', '發票數', '发票数', (r) => r.invoices, 8),
  col('Current', '未到期', '未到期', (r) => r.current, 16),
  col('1–30', '1–30 天', '1–30 天', (r) => r.d1_30, 16),
  col('31–60', '31–60 天', '31–60 天', (r) => r.d31_60, 16),
  col('61–90', '61–90 天', '61–90 天', (r) => r.d61_90, 16),
  col('Over 90', '超過 90 天', '超过 90 天', (r) => r.d90_plus, 16),
  col('Total', '合計', '合计', (r) => r.total, 16),
  col('Over Limit', '超出額度', '超出额度', (r) => r.over_limit, 16),
  col('Oldest (days)', '最久（天）', '最久（天）', (r) => r.oldest_days, 10),
  col('Past Deadline', '超過期限', '超过期限', (r) => (r.past_deadline ? 'Y' : ''), 8),
  col('Reminders Due', '待發提醒', '待发提醒', (r) => r.reminders_due, 10),
]);
