import type { Language, TRwDataset, TRwResult, TRwResultColumn } from '@portal/contracts';
import ExcelJS from 'exceljs';
import type { Labels } from '../../platform/i18n/language';
import { RW_DATASET_DEFS } from './report-writer-datasets.repository';

/** Aggregate headers in the three languages ({f} = the field's label). */
const AGG_LABELS: Record<string, Labels> = {
  count: { 'en-US': 'Count', 'zh-HK': '數量', 'zh-CN': '数量' },
  count_f: { 'en-US': 'Count of {f}', 'zh-HK': '{f}數量', 'zh-CN': '{f}数量' },
  sum: { 'en-US': 'Sum of {f}', 'zh-HK': '{f}總和', 'zh-CN': '{f}总和' },
  avg: { 'en-US': 'Average of {f}', 'zh-HK': '{f}平均值', 'zh-CN': '{f}平均值' },
  min: { 'en-US': 'Minimum of {f}', 'zh-HK': '{f}最小值', 'zh-CN': '{f}最小值' },
  max: { 'en-US': 'Maximum of {f}', 'zh-HK': '{f}最大值', 'zh-CN': '{f}最大值' },
};

/** A result column's header in a language (the workbook is written by the server, so it translates here). */
export function columnHeader(dataset: TRwDataset, c: TRwResultColumn, lang: Language): string {
  const fields = RW_DATASET_DEFS[dataset].fields;
  const labelOf = (key: string) => fields.find((x) => x.key === key)?.labels[lang] ?? key;
  if (!c.labelKey.startsWith('agg.')) return labelOf(c.key);
  const fn = c.labelKey.slice(4);
  if (fn === 'count' && c.key === 'count') return AGG_LABELS.count[lang];
  const field = c.key.slice(fn.length + 1);
  const tpl = AGG_LABELS[fn === 'count' ? 'count_f' : fn]?.[lang] ?? c.key;
  return tpl.replace('{f}', labelOf(field));
}

/** Numbers go to Excel as numbers while they keep their digits (15 significant); longer ones as text. */
function cell(type: string, v: string | null): string | number | null {
  if (v === null) return null;
  if ((type === 'number' || type === 'money') && v.replace(/[-.]/g, '').replace(/^0+/, '').length <= 15)
    return Number(v);
  return v;
}

/** The result as an .xlsx workbook (one sheet; a note row when it was cut at the row limit). */
export async function reportWorkbook(opts: {
  name: string;
  dataset: TRwDataset;
  result: TRwResult;
  lang: Language;
}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal report writer';
  const sheet = wb.addWorksheet(opts.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Report', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const cols = opts.result.columns;
  sheet.columns = cols.map((c) => ({
    header: columnHeader(opts.dataset, c, opts.lang),
    key: c.key,
    width: Math.max(12, Math.min(40, columnHeader(opts.dataset, c, opts.lang).length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of opts.result.rows) sheet.addRow(cols.map((c) => cell(c.type, row[c.key] ?? null)));
  if (opts.result.truncated) {
    const note: Labels = {
      'en-US': `First ${opts.result.rows.length} rows of more (the row limit).`,
      'zh-HK': `只列出首 ${opts.result.rows.length} 行（行數上限）。`,
      'zh-CN': `仅列出前 ${opts.result.rows.length} 行（行数上限）。`,
    };
    sheet.addRow([]);
    sheet.addRow([note[opts.lang]]).font = { italic: true };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A file name for the workbook: the report's name, safe characters only, and the date. */
export const workbookFileName = (name: string, today: string) =>
  `${
    name
      .replace(/[^\p{L}\p{N} _.-]/gu, '')
      .trim()
      .slice(0, 60) || 'report'
  }-${today}.xlsx`;
