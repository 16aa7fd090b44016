import type { TSequenceRule } from '@portal/contracts';
import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';

const col = exportColumn<TSequenceRule>;

const COLUMNS = [
  col({ 'en-US': 'Document Type', 'zh-HK': '文件類型', 'zh-CN': '文件类型' }, (r) => r.doc_type, 14),
  col({ 'en-US': 'Office', 'zh-HK': '辦事處', 'zh-CN': '办事处' }, (r) => r.office_code ?? '*', 10),
  col({ 'en-US': 'Description', 'zh-HK': '描述', 'zh-CN': '描述' }, (r) => r.description, 30),
  col({ 'en-US': 'Prefix', 'zh-HK': '前綴', 'zh-CN': '前缀' }, (r) => r.prefix, 10),
  col(
    { 'en-US': 'Office Code Part', 'zh-HK': '包含辦事處代碼', 'zh-CN': '包含办事处代码' },
    (r) => (r.include_office ? 'Y' : 'N'),
    10,
  ),
  col({ 'en-US': 'Date Part', 'zh-HK': '日期部分', 'zh-CN': '日期部分' }, (r) => r.date_format, 10),
  col({ 'en-US': 'Separator', 'zh-HK': '分隔符', 'zh-CN': '分隔符' }, (r) => r.separator, 8),
  col(
    { 'en-US': 'Running Number Width', 'zh-HK': '流水號位數', 'zh-CN': '流水号位数' },
    (r) => r.seq_width,
    10,
  ),
  col({ 'en-US': 'Reset Period', 'zh-HK': '重設週期', 'zh-CN': '重置周期' }, (r) => r.reset_period, 10),
  col({ 'en-US': 'Start Number', 'zh-HK': '起始號碼', 'zh-CN': '起始号码' }, (r) => r.start_number, 10),
  col(
    { 'en-US': 'Current Period', 'zh-HK': '當前週期', 'zh-CN': '当前周期' },
    (r) => r.current_period_key,
    10,
  ),
  col({ 'en-US': 'Next Number', 'zh-HK': '下一號碼', 'zh-CN': '下一号码' }, (r) => r.next_number, 10),
  col({ 'en-US': 'Preview', 'zh-HK': '預覽', 'zh-CN': '预览' }, (r) => r.preview, 22),
  col(HEADERS.status, (r) => r.status, 8),
  SHARED_COLUMNS.updatedAt<TSequenceRule>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const sequenceExportColumns = exportColumns(COLUMNS);
