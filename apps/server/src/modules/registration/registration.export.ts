import type { Language } from '@portal/contracts';
import type { ExportColumn } from '../../platform/export/excel';
import type { RegistrationRow } from './registration.repository';

type Labels = Record<Language, string>;
const STATUS: Record<string, Labels> = {
  P: { 'en-US': 'Pending', 'zh-HK': '待處理', 'zh-CN': '待处理' },
  A: { 'en-US': 'Approved', 'zh-HK': '已批核', 'zh-CN': '已审批' },
  R: { 'en-US': 'Rejected', 'zh-HK': '已拒絕', 'zh-CN': '已拒绝' },
};
const COLUMNS: {
  labels: Labels;
  width?: number;
  value: (r: RegistrationRow, lang: Language) => string | number | null;
}[] = [
  {
    labels: { 'en-US': 'ID', 'zh-HK': '編號', 'zh-CN': '编号' },
    width: 8,
    value: (r) => r.user_registration_id,
  },
  { labels: { 'en-US': 'Path', 'zh-HK': '途徑', 'zh-CN': '途径' }, width: 12, value: (r) => r.kind },
  {
    labels: { 'en-US': 'Login ID', 'zh-HK': '登入名稱', 'zh-CN': '登录名' },
    width: 30,
    value: (r) => r.login_id,
  },
  {
    labels: { 'en-US': 'Name', 'zh-HK': '姓名', 'zh-CN': '姓名' },
    width: 24,
    value: (r) => `${r.given_name} ${r.family_name}`,
  },
  { labels: { 'en-US': 'Company', 'zh-HK': '公司', 'zh-CN': '公司' }, width: 30, value: (r) => r.company },
  {
    labels: { 'en-US': 'User type', 'zh-HK': '用戶類型', 'zh-CN': '用户类型' },
    value: (r) => r.user_type_id,
  },
  { labels: { 'en-US': 'SIS ID', 'zh-HK': 'SIS 帳戶', 'zh-CN': 'SIS 账户' }, value: (r) => r.sis_user_id },
  {
    labels: { 'en-US': 'Status', 'zh-HK': '狀態', 'zh-CN': '状态' },
    value: (r, lang) => STATUS[r.status]?.[lang] ?? r.status,
  },
  {
    labels: { 'en-US': 'Activated', 'zh-HK': '啟用時間', 'zh-CN': '激活时间' },
    width: 20,
    value: (r) => r.activated_at,
  },
  {
    labels: { 'en-US': 'Registered at', 'zh-HK': '註冊時間', 'zh-CN': '注册时间' },
    width: 20,
    value: (r) => r.created_at,
  },
];

/** The registration list's export columns in the caller's language. */
export const registrationExportColumns = (lang: Language): ExportColumn<RegistrationRow>[] =>
  COLUMNS.map((c) => ({ header: c.labels[lang], width: c.width, value: (r) => c.value(r, lang) }));
