import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';
import type { PartyRow } from './party.repository';

/**
 * An amount for a spreadsheet cell: a number where Excel keeps it exactly (at most 15 significant digits,
 * Excel's precision), otherwise the decimal text, so an export never shows a changed amount.
 */
const spreadsheetAmount = (v: string): number | string =>
  v.replace(/^0+|\.|0+$/g, '').length <= 15 ? Number(v) : v;

const col = exportColumn<PartyRow>;

const COLUMNS = [
  col({ 'en-US': 'Party ID', 'zh-HK': '客戶編號', 'zh-CN': '客户编号' }, (r) => r.party_id, 10),
  col({ 'en-US': 'Party Code', 'zh-HK': '客戶代碼', 'zh-CN': '客户代码' }, (r) => r.party_code, 16),
  col({ 'en-US': 'Type', 'zh-HK': '類型', 'zh-CN': '类型' }, (r) => r.party_type, 12),
  col({ 'en-US': 'Short Name', 'zh-HK': '簡稱', 'zh-CN': '简称' }, (r) => r.short_name, 22),
  col({ 'en-US': 'Full Name', 'zh-HK': '全稱', 'zh-CN': '全称' }, (r) => r.full_name, 40),
  col({ 'en-US': 'Address 1', 'zh-HK': '地址 1', 'zh-CN': '地址 1' }, (r) => r.address1, 36),
  col({ 'en-US': 'City', 'zh-HK': '城市', 'zh-CN': '城市' }, (r) => r.city, 16),
  col({ 'en-US': 'Country', 'zh-HK': '國家', 'zh-CN': '国家' }, (r) => r.country_code, 8),
  col({ 'en-US': 'Tel', 'zh-HK': '電話', 'zh-CN': '电话' }, (r) => r.tel, 16),
  col({ 'en-US': 'E-mail', 'zh-HK': '電郵', 'zh-CN': '电子邮件' }, (r) => r.email, 26),
  col({ 'en-US': 'Tax ID', 'zh-HK': '稅號', 'zh-CN': '税号' }, (r) => r.tax_id, 18),
  col({ 'en-US': 'Ledger Code', 'zh-HK': '分類賬代碼', 'zh-CN': '分类账代码' }, (r) => r.ledger_code, 14),
  col(
    { 'en-US': 'Credit Limit', 'zh-HK': '信用額度', 'zh-CN': '信用额度' },
    (r) => spreadsheetAmount(r.credit_limit),
    14,
  ),
  col(HEADERS.status, (r) => r.status, 8),
  col({ 'en-US': 'Approval Status', 'zh-HK': '審批狀態', 'zh-CN': '审批状态' }, (r) => r.approval_status, 10),
  SHARED_COLUMNS.updatedAt<PartyRow>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const partyExportColumns = exportColumns(COLUMNS);
