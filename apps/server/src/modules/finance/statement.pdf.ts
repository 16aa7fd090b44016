import { formatMoney } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import { pdfBuffer, useFonts } from '../../platform/pdf/pdf-fonts';
import type { StatementInvoiceRow } from './finance.repository';

/**
 * The statement of account of one customer (issue 15): its open receivables as of a day, each with its
 * due date and days past due, the ageing buckets in the base currency and the outstanding per currency.
 * A4, the shared CJK fonts of platform/pdf (Chinese names and labels render), labels in the chosen language.
 */
export interface StatementPdfData {
  company: { name: string; address: string[]; bank: string[] };
  customer: { code: string; name: string; address: string[]; terms: string | null; credit_limit: string };
  as_of: string;
  base_currency: string;
  lines: Omit<StatementInvoiceRow, 'base_outstanding'>[];
  buckets: {
    current: string;
    d1_30: string;
    d31_60: string;
    d61_90: string;
    d90_plus: string;
    total: string;
  };
  by_currency: { currency: string; outstanding: string }[];
}

export type StatementLanguage = 'en' | 'zh_hk' | 'zh_cn';

const LABELS: Record<string, [string, string, string]> = {
  title: ['STATEMENT OF ACCOUNT', '對賬單', '对账单'],
  customer: ['Customer', '客戶', '客户'],
  asOf: ['As of', '截至', '截至'],
  terms: ['Payment terms', '付款條件', '付款条件'],
  creditLimit: ['Credit limit', '信用額度', '信用额度'],
  invoiceNo: ['Invoice No.', '發票號', '发票号'],
  date: ['Date', '日期', '日期'],
  due: ['Due', '到期日', '到期日'],
  days: ['Days past due', '逾期天數', '逾期天数'],
  currency: ['Ccy', '幣種', '币种'],
  total: ['Amount', '金額', '金额'],
  outstanding: ['Outstanding', '未清金額', '未清金额'],
  jobs: ['Job No.', '工作號', '工作号'],
  ageing: ['Ageing (base currency)', '賬齡（本位幣）', '账龄（本位币）'],
  current: ['Current', '未到期', '未到期'],
  d1_30: ['1–30 days', '1–30 天', '1–30 天'],
  d31_60: ['31–60 days', '31–60 天', '31–60 天'],
  d61_90: ['61–90 days', '61–90 天', '61–90 天'],
  d90_plus: ['Over 90 days', '超過 90 天', '超过 90 天'],
  sum: ['Total', '合計', '合计'],
  perCurrency: ['Outstanding by currency', '按幣種未清金額', '按币种未清金额'],
  none: ['Nothing outstanding.', '沒有未清款項。', '没有未清款项。'],
  bank: ['Please remit to', '請匯款至', '请汇款至'],
  page: ['Page', '頁', '页'],
};
const IDX: Record<StatementLanguage, number> = { en: 0, zh_hk: 1, zh_cn: 2 };

/**
 * An amount as printed: grouped, with exactly its currency's ISO 4217 decimals (contracts formatMoney, the one
 * money display of the portal; exact, no float), whatever scale the numeric column answered.
 */
const fmt = (v: string, currency: string) => formatMoney(v, currency, 'en-US');

const L = 36;
const W = 595.28 - 2 * L;
const BOTTOM = 841.89 - 50;

export function renderStatementPdf(d: StatementPdfData, lang: StatementLanguage = 'en'): Promise<Buffer> {
  const t = (k: string) => {
    const l = LABELS[k];
    return lang === 'en' ? l[0] : `${l[IDX[lang]]} ${l[0]}`;
  };
  const doc = new PDFDocument({
    size: 'A4',
    margin: L,
    bufferPages: true,
    info: {
      Title: `Statement ${d.customer.code} ${d.as_of}`,
      Keywords: d.customer.code,
      Creator: 'Freight portal',
    },
  });
  useFonts(doc);
  const out = pdfBuffer(doc);

  doc
    .font('bold')
    .fontSize(14)
    .text(d.company.name, L, L, { width: W * 0.6 });
  doc.font('regular').fontSize(8).fillColor('#333');
  for (const line of d.company.address) doc.text(line, { width: W * 0.6 });
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('#000')
    .text(t('title'), L + W * 0.45, L, { width: W * 0.55, align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .text(`${t('asOf')}: ${d.as_of}`, { width: W * 0.55, align: 'right' });
  let y = Math.max(doc.y, 100) + 10;
  doc
    .moveTo(L, y)
    .lineTo(L + W, y)
    .lineWidth(1)
    .stroke();
  y += 8;
  doc.font('bold').fontSize(8).fillColor('#555').text(t('customer'), L, y);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('#000')
    .text(d.customer.name, { width: W * 0.6 });
  doc.font('regular').fontSize(8.5);
  for (const line of d.customer.address) doc.text(line, { width: W * 0.6 });
  doc.text(`A/C: ${d.customer.code}`);
  doc.text(
    `${t('terms')}: ${d.customer.terms ?? '-'}    ${t('creditLimit')}: ${d.base_currency} ${fmt(d.customer.credit_limit, d.base_currency)}`,
  );
  y = doc.y + 10;

  // Invoice table.
  const cols = [
    { key: 'invoiceNo', w: 0.17, align: 'left' as const },
    { key: 'date', w: 0.11, align: 'left' as const },
    { key: 'due', w: 0.11, align: 'left' as const },
    { key: 'jobs', w: 0.17, align: 'left' as const },
    { key: 'currency', w: 0.07, align: 'left' as const },
    { key: 'total', w: 0.14, align: 'right' as const },
    { key: 'outstanding', w: 0.14, align: 'right' as const },
    { key: 'days', w: 0.09, align: 'right' as const },
  ];
  const header = () => {
    doc.font('bold').fontSize(7.5).fillColor('#000');
    let x = L;
    let h = 0;
    for (const c of cols) {
      const label = lang === 'en' ? LABELS[c.key][0] : `${LABELS[c.key][0]}\n${LABELS[c.key][IDX[lang]]}`;
      doc.text(label, x + 2, y, { width: W * c.w - 4, align: c.align });
      h = Math.max(h, doc.y - y);
      x += W * c.w;
    }
    y += h + 3;
    doc
      .moveTo(L, y)
      .lineTo(L + W, y)
      .lineWidth(0.5)
      .stroke();
    y += 3;
  };
  header();
  doc.font('regular').fontSize(8);
  if (d.lines.length === 0) {
    doc.text(t('none'), L, y);
    y = doc.y + 6;
  }
  for (const line of d.lines) {
    if (y > BOTTOM - 20) {
      doc.addPage();
      y = L;
      header();
      doc.font('regular').fontSize(8);
    }
    const cells = [
      line.invoice_no,
      line.invoice_date ?? '-',
      line.due_date,
      line.job_nos.join(', '),
      line.currency,
      fmt(line.total_amount, line.currency),
      fmt(line.outstanding_amount, line.currency),
      line.days_past_due > 0 ? String(line.days_past_due) : '-',
    ];
    let x = L;
    let h = 0;
    cols.forEach((c, i) => {
      doc.fillColor(i === 7 && line.days_past_due > 0 ? '#a00' : '#000');
      doc.text(cells[i], x + 2, y, { width: W * c.w - 4, align: c.align });
      h = Math.max(h, doc.y - y);
      x += W * c.w;
    });
    doc.fillColor('#000');
    y += h + 2;
  }
  if (y > BOTTOM - 120) {
    doc.addPage();
    y = L;
  }
  y += 8;
  doc
    .moveTo(L, y)
    .lineTo(L + W, y)
    .lineWidth(0.5)
    .stroke();
  y += 6;

  // Ageing in the base currency, then outstanding per invoice currency.
  doc.font('bold').fontSize(9).text(t('ageing'), L, y);
  y = doc.y + 3;
  const keys = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'sum'] as const;
  const bw = W / keys.length;
  keys.forEach((k, i) => {
    doc
      .font('bold')
      .fontSize(7.5)
      .text(t(k), L + i * bw, y, { width: bw - 4, align: 'right' });
  });
  y = doc.y + 2;
  keys.forEach((k, i) => {
    const v = k === 'sum' ? d.buckets.total : d.buckets[k];
    doc
      .font('regular')
      .fontSize(8.5)
      .text(`${d.base_currency} ${fmt(v, d.base_currency)}`, L + i * bw, y, {
        width: bw - 4,
        align: 'right',
      });
  });
  y = doc.y + 10;
  if (d.by_currency.length) {
    doc.font('bold').fontSize(9).text(t('perCurrency'), L, y);
    doc.font('regular').fontSize(8.5);
    for (const c of d.by_currency) doc.text(`${c.currency} ${fmt(c.outstanding, c.currency)}`);
    y = doc.y + 10;
  }
  if (d.company.bank.length) {
    doc.font('bold').fontSize(8).text(t('bank'), L, y);
    doc.font('regular').fontSize(8);
    for (const line of d.company.bank) doc.text(line);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#666')
      .text(`${t('page')} ${i + 1} / ${range.count}`, L, 841.89 - 30, {
        width: W,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return out;
}
