import type { Language } from '@portal/contracts';
import type { Labels } from '../i18n/language';
import type { ExportColumn } from './excel';

/** An export column before the language is known: its header in the three languages. */
export interface LabelledColumn<T> {
  labels: Labels;
  value: ExportColumn<T>['value'];
  width?: number;
}

/** A list's export column: the header in each language, a row's cell value and the width. */
export const exportColumn = <T>(labels: Labels, value: ExportColumn<T>['value'], width?: number) =>
  ({ labels, value, width }) as LabelledColumn<T>;

/** A list's export columns with their headers in the caller's language (`sendExcel` columns). */
export const exportColumns =
  <T>(columns: readonly LabelledColumn<T>[]) =>
  (lang: Language): ExportColumn<T>[] =>
    columns.map((c) => ({ header: c.labels[lang], value: c.value, width: c.width }));

/** Headers that several lists share, worded once. */
export const HEADERS = {
  status: { 'en-US': 'Status', 'zh-HK': '狀態', 'zh-CN': '状态' },
  pol: { 'en-US': 'POL', 'zh-HK': '裝貨港', 'zh-CN': '装货港' },
  pod: { 'en-US': 'POD', 'zh-HK': '卸貨港', 'zh-CN': '卸货港' },
  etd: { 'en-US': 'ETD', 'zh-HK': '預計開航', 'zh-CN': '预计开航' },
  consolNo: { 'en-US': 'Consol#', 'zh-HK': '拼箱編號', 'zh-CN': '拼箱编号' },
  soNos: { 'en-US': 'SO#', 'zh-HK': 'SO 編號', 'zh-CN': 'SO 编号' },
  containerNos: { 'en-US': 'Container No.', 'zh-HK': '貨櫃號', 'zh-CN': '集装箱号' },
  updatedAt: { 'en-US': 'Updated At', 'zh-HK': '更新時間', 'zh-CN': '更新时间' },
} satisfies Record<string, Labels>;

/** Columns that several lists share: the ETD (a date) and the last update (a timestamp) as date cells. */
export const SHARED_COLUMNS = {
  etd: <T extends { etd: string | null }>(width = 12) =>
    exportColumn<T>(HEADERS.etd, (r) => (r.etd ? new Date(`${r.etd}T00:00:00Z`) : null), width),
  updatedAt: <T extends { updated_at: string }>(width = 20) =>
    exportColumn<T>(HEADERS.updatedAt, (r) => new Date(r.updated_at), width),
};
