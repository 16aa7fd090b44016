// Over 600 lines: one renderer for the debit/credit note, tax invoice, cheque request and CR summary with the
// Chinese print labels; the page layout of an invoice (drawInvoice) alone is 300 lines.
import {
  formatExchangeRate,
  formatMoney,
  formatUnitPrice,
  money,
  type TInvoicePrintLayout,
  type TInvoicePrintOptions,
} from '@portal/contracts';
import PDFDocument from 'pdfkit';
import { pdfBuffer, useFonts } from '../../platform/pdf/pdf-fonts';
import { pdfTable } from '../../platform/pdf/pdf-table';

/**
 * Invoice PDFs (issue 14, 002 §2 print): one renderer for the debit/credit note, the tax invoice, the cheque
 * request and the CR summary, laid out the way a forwarder's finance clerk reads them: issuing company and
 * bank, bill-to with tax id, job / HBL / MBL references, lines with tax, totals in the invoice and the base
 * currency, and the preparer / approver signatures (stamped after the accounting print). The fonts are the
 * shared ones of platform/pdf (Chinese renders; parsed once per process).
 */

export interface InvoicePdfLine {
  charge_code: string;
  description: string;
  reference: string | null;
  quantity: string;
  uom: string;
  unit_price: string;
  dr_cr: string;
  tax_code: string | null;
  tax_rate: string;
  amount: string;
  tax_amount: string;
  total_amount: string;
}

export interface InvoicePdfSigner {
  role: 'prepared' | 'approved_1' | 'approved_2';
  name: string | null;
  image: Buffer | null;
}

export interface InvoicePdfData {
  invoice_no: string;
  inv_type: string;
  kind: string;
  status: string;
  sub_type: string | null;
  invoice_date: string | null;
  currency: string;
  base_currency: string;
  exchange_rate: string;
  company: { name: string; address: string[]; bank: string[]; office: string };
  bill_to: { code: string; name: string; address: string[]; tax_id: string | null; email: string | null };
  issue_party: string | null;
  payment_terms: string | null;
  job_nos: string[];
  so_nos: string[];
  hbl_no: string | null;
  mbl_no: string | null;
  ap_ref: string | null;
  gov_invoice_no: string | null;
  sales_code: string | null;
  remarks: string | null;
  lines: InvoicePdfLine[];
  totals: { net: string; tax: string; total: string; base_total: string };
  cheque: {
    available_date: string | null;
    free_to_combine: boolean;
    foreign_currency: string | null;
    cheque_currency: string | null;
    issued_to: string | null;
  } | null;
  signers: InvoicePdfSigner[];
  /** Set once accounting-printed: who and when (printed under the signatures). */
  accounting_printed: { by: string; at: string } | null;
}

/** One row of the CR summary. */
export interface CrSummaryRow {
  invoice_no: string;
  account_code: string;
  account_name: string;
  issued_to: string | null;
  available_date: string | null;
  currency: string;
  total: string;
  base_total: string;
  job_nos: string[];
  status: string;
}

const L = 36;
const PAGE = { width: 595.28, height: 841.89 };
const W = PAGE.width - 2 * L;
const BOTTOM = PAGE.height - 40;

/**
 * The printed numbers (issue 38), through the portal's one money display (contracts money-core): an amount
 * with exactly its currency's ISO 4217 decimals ("2,500.00" HKD, "2,500" JPY), whatever scale the numeric(18, 4)
 * column answered; a unit price with at least those and at most UNIT_PRICE_SCALE; an exchange rate with its 6.
 * Printouts group in en-US style in every label language (Chinese documents use the same digits).
 */
const PRINT_LOCALE = 'en-US';
export const printAmount = (v: string, currency: string) => formatMoney(v, currency, PRINT_LOCALE);
export const printUnitPrice = (v: string, currency: string) => formatUnitPrice(v, currency, PRINT_LOCALE);
export const printRate = (v: string) => formatExchangeRate(v, PRINT_LOCALE);
/** "12.5000" → "12.5" (quantities and tax rates as typed). */
const trim = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

const ZH: Record<string, string> = {
  'DEBIT NOTE': '借項通知單',
  'CREDIT NOTE': '貸項通知單',
  'PAYABLE VOUCHER': '應付憑單',
  'CREDIT NOTE RECEIVED': '收到的貸項通知單',
  'TAX INVOICE': '增值稅發票',
  'CHEQUE REQUISITION': '支票申請單',
  'CHEQUE REQUEST SUMMARY': '支票申請匯總',
  'BILL TO': '收件方',
  'BILLED BY': '開票方',
  'INVOICE NO.': '發票號',
  DATE: '日期',
  'JOB NO.': '工作號',
  'SO NO.': '訂艙號',
  'HBL NO.': '分提單號',
  'MBL NO.': '主提單號',
  CURRENCY: '幣種',
  TERMS: '付款條件',
  'AP REF': '應付參考',
  'GOV. INVOICE NO.': '稅務發票號',
  'TAX ID': '稅號',
  DESCRIPTION: '費用說明',
  QTY: '數量',
  'UNIT PRICE': '單價',
  AMOUNT: '金額',
  TAX: '稅額',
  TOTAL: '合計',
  'SUB-TOTAL': '小計',
  'TOTAL IN BASE CURRENCY': '本位幣合計',
  'EXCHANGE RATE': '匯率',
  'BANK DETAILS': '銀行資料',
  REMARKS: '備註',
  'PREPARED BY': '製單',
  'APPROVED BY (SUPERVISOR)': '審核（主管）',
  'APPROVED BY (MANAGER)': '審批（經理）',
  'ACCOUNTING PRINTED BY': '會計列印',
  PAYEE: '收款人',
  'CHEQUE CURRENCY': '支票幣種',
  'AVAILABLE DATE': '可用日期',
  'FREE TO COMBINE': '可合併',
  'ISSUED TO': '開予',
  DRAFT: '草稿',
  ORIGINAL: '正本',
  COPY: '副本',
  PAGE: '頁',
  'TAX %': '稅率',
};

/** Traditional → Simplified for the characters of the labels above (the zh_cn label option). */
const SIMPLIFIED: Record<string, string> = Object.fromEntries(
  [...'項單貸應憑發稅請匯總開號訂艙幣種條參務費說數價額計銀資備註製審經會併頁'].map((c, i) => [
    c,
    [...'项单贷应凭发税请汇总开号订舱币种条参务费说数价额计银资备注制审经会并页'][i],
  ]),
);
const simplified = (v: string) => [...v].map((c) => SIMPLIFIED[c] ?? c).join('');

/** The layout of an invoice when the options say `auto` (002 §2 print, per kind). */
export function resolveLayout(
  layout: TInvoicePrintLayout,
  inv: { kind: string; sub_type: string | null },
): Exclude<TInvoicePrintLayout, 'auto'> {
  if (layout !== 'auto') return layout;
  if (inv.kind === 'CR') return 'cheque_request';
  if (['DN', 'CN', 'INCOMING_DN', 'INCOMING_CN'].includes(inv.kind)) return 'dn_cn';
  if (inv.sub_type?.startsWith('VAT_')) return 'tax_invoice';
  return 'dn_cn';
}

function titleOf(layout: Exclude<TInvoicePrintLayout, 'auto'>, d: InvoicePdfData) {
  if (layout === 'tax_invoice') return 'TAX INVOICE';
  if (layout === 'cheque_request') return 'CHEQUE REQUISITION';
  if (d.kind === 'CN') return 'CREDIT NOTE';
  if (d.kind === 'INCOMING_CN') return 'CREDIT NOTE RECEIVED';
  if (d.inv_type === 'AP') return 'PAYABLE VOUCHER';
  return 'DEBIT NOTE';
}

const SIGNED_STATUSES = new Set([
  'ACCOUNTING_PRINTED',
  'EXPORTED',
  'IMPORTED',
  'PENDING_AUTO_EXPORT',
  'EXPORTED_AUTO',
  'POSTED',
  'REVERSED',
  'CLOSED',
]);
const DRAFT_STATUSES = new Set(['NEW', 'PREPARED', 'APPROVED_1', 'REJECTED', 'DELETED']);

/** A4 document; the invoice numbers go into the metadata (Keywords) so a file can be found by number. */
function newDoc(title: string, keywords = '') {
  const doc = new PDFDocument({
    size: 'A4',
    margin: L,
    bufferPages: true,
    info: { Title: title, Keywords: keywords, Creator: 'Freight portal' },
  });
  useFonts(doc);
  return doc;
}

/** Draws one invoice from a new page on. */
function drawInvoice(doc: PDFKit.PDFDocument, d: InvoicePdfData, o: TInvoicePrintOptions) {
  const layout = resolveLayout(o.layout, d);
  const zh = o.language !== 'en';
  const cn = (en: string) => (o.language === 'zh_cn' ? simplified(ZH[en]) : ZH[en]);
  const t = (en: string) => (zh && ZH[en] ? `${en} ${cn(en)}` : en);
  /** Column headings: the Chinese under the English, so narrow numeric columns do not break words. */
  const th = (en: string) => (zh && ZH[en] ? `${en}\n${cn(en)}` : en);
  const headH = zh ? 24 : 16;
  const title = titleOf(layout, d);

  // Company header: name, address, issuing office; the document title and number on the right.
  let y = L;
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('#000')
    .text(d.company.name, L, y, { width: W * 0.6 });
  y = doc.y + 2;
  doc.font('regular').fontSize(8).fillColor('#333');
  for (const line of [...d.company.address, d.company.office]) {
    doc.text(line, L, y, { width: W * 0.6 });
    y = doc.y;
  }
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('#000')
    .text(t(title), L + W * 0.5, L, { width: W * 0.5, align: 'right' });
  doc.font('regular').fontSize(9);
  const stamp = o.copy_label === 'original' ? 'ORIGINAL' : o.copy_label === 'copy' ? 'COPY' : null;
  if (stamp) doc.fillColor('#a00').text(t(stamp), L + W * 0.5, doc.y + 2, { width: W * 0.5, align: 'right' });
  doc.fillColor('#000');
  y = Math.max(y, doc.y) + 10;
  doc
    .moveTo(L, y)
    .lineTo(L + W, y)
    .lineWidth(1)
    .strokeColor('#000')
    .stroke();
  y += 8;

  // Bill-to (or payee) and the document's references, side by side.
  const leftW = W * 0.55;
  const rightX = L + W * 0.58;
  const rightW = W * 0.42;
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor('#555')
    .text(t(d.inv_type === 'AP' ? 'BILLED BY' : 'BILL TO'), L, y);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('#000')
    .text(d.bill_to.name, L, doc.y + 1, { width: leftW });
  doc.font('regular').fontSize(8.5);
  for (const line of d.bill_to.address) doc.text(line, { width: leftW });
  doc.text(`${t('TAX ID')}: ${d.bill_to.tax_id ?? '-'}    A/C: ${d.bill_to.code}`, { width: leftW });
  if (d.issue_party) doc.text(`${t('ISSUED TO')}: ${d.issue_party}`, { width: leftW });
  const leftEnd = doc.y;

  const refs: [string, string][] = [
    [t('INVOICE NO.'), d.invoice_no],
    [t('DATE'), d.invoice_date ?? '-'],
    [t('JOB NO.'), d.job_nos.join(', ') || '-'],
    [t('SO NO.'), d.so_nos.join(', ') || '-'],
    [t('HBL NO.'), d.hbl_no ?? '-'],
    [t('MBL NO.'), d.mbl_no ?? '-'],
    [t('CURRENCY'), d.currency],
    [t('TERMS'), d.payment_terms ?? '-'],
  ];
  if (d.inv_type === 'AP') refs.push([t('AP REF'), d.ap_ref ?? '-']);
  if (layout === 'tax_invoice' || d.gov_invoice_no)
    refs.push([t('GOV. INVOICE NO.'), d.gov_invoice_no ?? '-']);
  let ry = y;
  for (const [label, value] of refs) {
    doc
      .font('bold')
      .fontSize(7.5)
      .fillColor('#555')
      .text(label, rightX, ry, { width: rightW * 0.45 });
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor('#000')
      .text(value, rightX + rightW * 0.45, ry, { width: rightW * 0.55 });
    ry = Math.max(doc.y, ry + 11);
  }
  y = Math.max(leftEnd, ry) + 10;

  if (layout === 'cheque_request' && d.cheque) {
    const c = d.cheque;
    const rows: [string, string][] = [
      [t('PAYEE'), c.issued_to ?? d.bill_to.name],
      [t('CHEQUE CURRENCY'), c.cheque_currency ?? d.currency],
      [t('AVAILABLE DATE'), c.available_date ?? '-'],
      [t('FREE TO COMBINE'), c.free_to_combine ? 'YES' : 'NO'],
    ];
    if (c.foreign_currency) rows.push(['FOREIGN CURRENCY', c.foreign_currency]);
    doc
      .rect(L, y, W, rows.length * 14 + 8)
      .lineWidth(0.6)
      .strokeColor('#333')
      .stroke();
    let cy = y + 5;
    for (const [label, value] of rows) {
      doc
        .font('bold')
        .fontSize(8)
        .fillColor('#555')
        .text(label, L + 6, cy, { width: W * 0.3 });
      doc
        .font('regular')
        .fontSize(9)
        .fillColor('#000')
        .text(value, L + W * 0.3, cy, { width: W * 0.7 - 6 });
      cy += 14;
    }
    y = cy + 10;
  }

  // Lines: description, quantity × price, amount, tax, total (tax columns optional).
  const cols = o.show_tax
    ? ([
        ['#', 0.04, 'left'],
        [th('DESCRIPTION'), 0.34, 'left'],
        [th('QTY'), 0.1, 'right'],
        [th('UNIT PRICE'), 0.12, 'right'],
        [th('AMOUNT'), 0.14, 'right'],
        [th('TAX %'), 0.08, 'right'],
        [th('TAX'), 0.08, 'right'],
        [th('TOTAL'), 0.1, 'right'],
      ] as const)
    : ([
        ['#', 0.05, 'left'],
        [th('DESCRIPTION'), 0.45, 'left'],
        [th('QTY'), 0.12, 'right'],
        [th('UNIT PRICE'), 0.18, 'right'],
        [th('TOTAL'), 0.2, 'right'],
      ] as const);
  const table = pdfTable(doc, L, W, cols, { height: headH, gap: 3, text: { lineGap: -1 } });
  const header = table.header;
  y = header(y);
  d.lines.forEach((l, i) => {
    const sign = l.dr_cr === 'CR' ? '-' : '';
    const desc = [l.description, [l.charge_code, l.reference].filter(Boolean).join(' · ')].join('\n');
    const values = o.show_tax
      ? [
          String(i + 1),
          desc,
          `${trim(l.quantity)} ${l.uom}`,
          printUnitPrice(l.unit_price, d.currency),
          sign + printAmount(l.amount, d.currency),
          `${trim(l.tax_rate)}`,
          sign + printAmount(l.tax_amount, d.currency),
          sign + printAmount(l.total_amount, d.currency),
        ]
      : [
          String(i + 1),
          desc,
          `${trim(l.quantity)} ${l.uom}`,
          printUnitPrice(l.unit_price, d.currency),
          sign + printAmount(l.total_amount, d.currency),
        ];
    doc.font('regular').fontSize(8);
    const h = Math.max(12, doc.heightOfString(desc, { width: table.cellWidth(1) })) + 4;
    if (y + h > BOTTOM - 60) {
      doc.addPage();
      y = header(L);
      doc.font('regular').fontSize(8);
    }
    table.cells(y, values, (c) => (c === 1 ? '#000' : '#111'));
    y += h;
    table.rule(y - 2);
  });

  // Totals: net, tax, total in the invoice currency; the base-currency total with the rate.
  if (y + 90 > BOTTOM) {
    doc.addPage();
    y = L;
  }
  y += 4;
  const totals: [string, string, boolean][] = [];
  if (o.show_tax) {
    totals.push([`${t('SUB-TOTAL')} (${d.currency})`, printAmount(d.totals.net, d.currency), false]);
    totals.push([`${t('TAX')} (${d.currency})`, printAmount(d.totals.tax, d.currency), false]);
  }
  totals.push([`${t('TOTAL')} (${d.currency})`, printAmount(d.totals.total, d.currency), true]);
  if (o.show_base_currency && d.base_currency !== d.currency)
    totals.push([
      `${t('TOTAL IN BASE CURRENCY')} (${d.base_currency} @ ${printRate(d.exchange_rate)})`,
      printAmount(d.totals.base_total, d.base_currency),
      false,
    ]);
  for (const [label, value, strong] of totals) {
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 8.5)
      .fillColor('#000')
      .text(label, L + W * 0.35, y, { width: W * 0.45, align: 'right' });
    doc.text(value, L + W * 0.8, y, { width: W * 0.2 - 3, align: 'right' });
    y = doc.y + 3;
  }
  y += 6;

  // Remarks and bank details.
  if (o.show_remarks && d.remarks) {
    doc.font('bold').fontSize(7.5).fillColor('#555').text(t('REMARKS'), L, y);
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor('#000')
      .text(d.remarks, L, doc.y + 1, { width: W });
    y = doc.y + 8;
  }
  if (o.show_bank && d.inv_type === 'AR' && d.company.bank.length) {
    doc.font('bold').fontSize(7.5).fillColor('#555').text(t('BANK DETAILS'), L, y);
    doc.font('regular').fontSize(8.5).fillColor('#000');
    for (const line of d.company.bank) doc.text(line, L, doc.y + 1, { width: W });
    y = doc.y + 8;
  }

  // Signatures: preparer, supervisor, manager; images only once accounting-printed.
  if (y + 90 > BOTTOM) {
    doc.addPage();
    y = L;
  }
  const signed = SIGNED_STATUSES.has(d.status);
  const boxW = W / 3;
  const sigY = Math.max(y + 6, BOTTOM - 100);
  const labels: Record<InvoicePdfSigner['role'], string> = {
    prepared: 'PREPARED BY',
    approved_1: 'APPROVED BY (SUPERVISOR)',
    approved_2: 'APPROVED BY (MANAGER)',
  };
  d.signers.forEach((s, i) => {
    const x = L + i * boxW;
    if (signed && s.image) {
      try {
        doc.image(s.image, x + 8, sigY, { fit: [boxW - 16, 44], align: 'center', valign: 'bottom' });
      } catch {
        // A stored image is always a sanitised PNG; a failure here must not lose the printout.
      }
    }
    signatureLine(doc, x + 8, sigY + 48, boxW - 16, t(labels[s.role]), s.name ?? '-');
  });
  if (d.accounting_printed)
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#555')
      .text(
        `${t('ACCOUNTING PRINTED BY')}: ${d.accounting_printed.by}  ${d.accounting_printed.at.slice(0, 16).replace('T', ' ')}`,
        L,
        sigY + 80,
        { width: W, align: 'right' },
      );

  if (DRAFT_STATUSES.has(d.status)) {
    doc.save();
    doc.rotate(-30, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc
      .font('bold')
      .fontSize(80)
      .fillColor('#d00', 0.12)
      .text(t('DRAFT'), 0, PAGE.height / 2 - 40, { width: PAGE.width, align: 'center' });
    doc.restore();
    doc.fillOpacity(1);
  }
}

/** Page numbers on every page (after all content, so the count is known). */
/** A signature line `w` wide from (x, y) with its label in small grey under it and the name below that. */
function signatureLine(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  w: number,
  label: string,
  name: string,
) {
  doc
    .moveTo(x, y)
    .lineTo(x + w, y)
    .lineWidth(0.6)
    .strokeColor('#000')
    .stroke();
  doc
    .font('bold')
    .fontSize(7)
    .fillColor('#555')
    .text(label, x, y + 3, { width: w, align: 'center' });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#000')
    .text(name, x, doc.y + 1, { width: w, align: 'center' });
}

function numberPages(doc: PDFKit.PDFDocument) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page: the footer line may use the margin.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#888')
      .text(`${i + 1} / ${range.count}`, L, PAGE.height - 28, {
        width: W,
        align: 'center',
        lineBreak: false,
      });
  }
}

/** One or several invoices in one PDF, each from a new page (merge printouts, 002 §2). */
export function renderInvoicesPdf(list: InvoicePdfData[], o: TInvoicePrintOptions): Promise<Buffer> {
  const doc = newDoc(
    list.length === 1 ? `Invoice ${list[0].invoice_no}` : `Invoices (${list.length})`,
    list.map((d) => d.invoice_no).join(' '),
  );
  const done = pdfBuffer(doc);
  list.forEach((d, i) => {
    if (i > 0) doc.addPage();
    drawInvoice(doc, d, o);
  });
  numberPages(doc);
  doc.end();
  return done;
}

/** The CR summary (002 §2 print CR summary): one table over the selected cheque requests, with totals per currency. */
export function renderCrSummaryPdf(
  rows: CrSummaryRow[],
  head: { company: string; title: string; printed_by: string; printed_at: string; base_currency: string },
): Promise<Buffer> {
  const doc = newDoc(head.title, rows.map((r) => r.invoice_no).join(' '));
  const done = pdfBuffer(doc);
  doc.font('bold').fontSize(13).fillColor('#000').text(head.company, L, L);
  doc
    .font('bold')
    .fontSize(15)
    .text(`${head.title}  支票申請匯總`, L, doc.y + 4);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555')
    .text(`${head.printed_by}  ${head.printed_at.slice(0, 16).replace('T', ' ')}`, L, doc.y + 2);
  const cols = [
    ['INVOICE NO.', 0.15, 'left'],
    ['PAYEE', 0.27, 'left'],
    ['JOB NO.', 0.14, 'left'],
    ['AVAILABLE', 0.1, 'left'],
    ['CCY', 0.06, 'left'],
    ['AMOUNT', 0.14, 'right'],
    [`BASE (${head.base_currency})`, 0.14, 'right'],
  ] as const;
  const table = pdfTable(doc, L, W, cols, { height: 16, gap: 3, text: { lineBreak: false } });
  const header = table.header;
  let y = header(doc.y + 10);
  for (const r of rows) {
    if (y > BOTTOM - 40) {
      doc.addPage();
      y = header(L);
    }
    const values = [
      r.invoice_no,
      `${r.issued_to ?? r.account_name} (${r.account_code})`,
      r.job_nos.join(', '),
      r.available_date ?? '-',
      r.currency,
      printAmount(r.total, r.currency),
      printAmount(r.base_total, head.base_currency),
    ];
    doc.font('regular').fontSize(8);
    y += Math.max(12, table.cells(y, values)) + 3;
    table.rule(y - 2);
  }
  y += 6;
  const byCcy = new Map<string, string>();
  let base = '0';
  for (const r of rows) {
    byCcy.set(r.currency, money.add(byCcy.get(r.currency) ?? '0', r.total));
    base = money.add(base, r.base_total);
  }
  doc.font('bold').fontSize(9);
  for (const [ccy, sum] of byCcy) {
    doc.text(`TOTAL ${ccy}`, L + W * 0.4, y, { width: W * 0.4, align: 'right' });
    doc.text(printAmount(sum, ccy), L + W * 0.8, y, { width: W * 0.2 - 3, align: 'right' });
    y = doc.y + 3;
  }
  doc.text(`BASE TOTAL ${head.base_currency} (${rows.length} CR)`, L + W * 0.4, y, {
    width: W * 0.4,
    align: 'right',
  });
  doc.text(printAmount(base, head.base_currency), L + W * 0.8, y, {
    width: W * 0.2 - 3,
    align: 'right',
  });
  // Sign-off: who prepared the summary, and a line for the approver of the cheques.
  y = doc.y + 40;
  if (y + 40 > BOTTOM) {
    doc.addPage();
    y = L + 40;
  }
  (
    [
      ['PREPARED BY 製單', head.printed_by],
      ['APPROVED BY 審批', ''],
    ] as const
  ).forEach(([label, name], i) => {
    const x = L + i * (W / 2);
    signatureLine(doc, x + 10, y, W / 2 - 20, label, name);
  });
  numberPages(doc);
  doc.end();
  return done;
}
