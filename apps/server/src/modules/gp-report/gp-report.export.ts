import type { Language, TGpDim, TGpInvoice, TGpJob, TGpRow } from '@portal/contracts';
import type { ExportColumn } from '../../platform/export/excel';
import type { Labels } from '../../platform/i18n/language';

const L = (en: string, hk: string, cn: string): Labels => ({ 'en-US': en, 'zh-HK': hk, 'zh-CN': cn });

/** Column headers of the GP exports in the three languages (amounts leave as text: exact decimals). */
const H = {
  month: L('Job Month', '工作月份', '工作月份'),
  office: L('Office', '辦事處', '办事处'),
  mode: L('Mode', '運輸方式', '运输方式'),
  service: L('Service', '服務類型', '服务类型'),
  pol: L('POL', '裝貨港', '装货港'),
  customer: L('Customer', '客戶', '客户'),
  customer_name: L('Customer Name', '客戶名稱', '客户名称'),
  salesman: L('Salesman', '營業員', '业务员'),
  revenue: L('Revenue', '收入', '收入'),
  cost: L('Cost', '成本', '成本'),
  gp: L('GP', '毛利', '毛利'),
  margin: L('Margin %', '毛利率 %', '毛利率 %'),
  jobs: L('Shipments', '貨運數', '货运数'),
  cbm: L('CBM', '立方米', '立方米'),
  teu: L('TEU', '標準箱', '标准箱'),
  cw: L('Chargeable Weight (kg)', '計費重量 (公斤)', '计费重量 (公斤)'),
  gp_per_cbm: L('GP per CBM', '每立方米毛利', '每立方米毛利'),
  gp_per_teu: L('GP per TEU', '每標準箱毛利', '每标准箱毛利'),
  gp_per_cw: L('GP per kg', '每公斤毛利', '每公斤毛利'),
  gp_per_shipment: L('GP per Shipment', '每票毛利', '每票毛利'),
  job_no: L('Job#', '工作號', '工作号'),
  so_nos: L('SO#', '訂艙號', '订舱号'),
  invoices: L('Invoices', '發票數', '发票数'),
  invoice_no: L('Invoice#', '發票號', '发票号'),
  inv_type: L('AR/AP', '應收/應付', '应收/应付'),
  kind: L('Type', '類型', '类型'),
  status: L('Status', '狀態', '状态'),
  posting: L('Posting', '過賬', '过账'),
  account: L('Account', '賬戶', '账户'),
  invoice_date: L('Invoice Date', '發票日期', '发票日期'),
  currency: L('Currency', '貨幣', '货币'),
  net: L('Net Amount', '淨額', '净额'),
  total: L('Total', '合計', '合计'),
};

const c = <T>(lang: Language, h: Labels, value: ExportColumn<T>['value'], width = 14): ExportColumn<T> => ({
  header: h[lang],
  value,
  width,
});

/** A summary report's columns: its dims, then the measures (with the per-unit ones for GPReport2). */
export function gpRowColumns(
  lang: Language,
  dims: readonly TGpDim[],
  units: boolean,
): ExportColumn<TGpRow>[] {
  const cols: ExportColumn<TGpRow>[] = dims.map((d) =>
    c<TGpRow>(lang, H[d], (r) => (r.keys[d] === 'Total' ? H.total[lang] : (r.keys[d] ?? ''))),
  );
  if (dims.includes('customer'))
    cols.push(c<TGpRow>(lang, H.customer_name, (r) => r.names?.customer ?? '', 30));
  cols.push(
    c(lang, H.revenue, (r) => r.revenue, 16),
    c(lang, H.cost, (r) => r.cost, 16),
    c(lang, H.gp, (r) => r.gp, 16),
    c(lang, H.margin, (r) => r.margin),
    c(lang, H.jobs, (r) => r.jobs),
  );
  if (units)
    cols.push(
      c(lang, H.cbm, (r) => r.cbm),
      c(lang, H.teu, (r) => r.teu),
      c(lang, H.cw, (r) => r.cw),
      c(lang, H.gp_per_cbm, (r) => r.gp_per_cbm),
      c(lang, H.gp_per_teu, (r) => r.gp_per_teu),
      c(lang, H.gp_per_cw, (r) => r.gp_per_cw),
      c(lang, H.gp_per_shipment, (r) => r.gp_per_shipment),
    );
  return cols;
}

/** Shipment details (JobMonthGPSO and the job drill-down). */
export const gpJobColumns = (lang: Language): ExportColumn<TGpJob>[] => [
  c(lang, H.job_no, (r) => r.job_no, 18),
  c(lang, H.so_nos, (r) => r.so_nos.join(', '), 24),
  c(lang, H.month, (r) => r.month, 10),
  c(lang, H.office, (r) => r.office, 8),
  c(lang, H.mode, (r) => r.mode, 8),
  c(lang, H.service, (r) => r.service, 8),
  c(lang, H.pol, (r) => r.pol, 8),
  c(lang, H.customer, (r) => r.customer, 12),
  c(lang, H.customer_name, (r) => r.customer_name, 30),
  c(lang, H.salesman, (r) => r.salesman, 12),
  c(lang, H.revenue, (r) => r.revenue, 16),
  c(lang, H.cost, (r) => r.cost, 16),
  c(lang, H.gp, (r) => r.gp, 16),
  c(lang, H.margin, (r) => r.margin),
  c(lang, H.cbm, (r) => r.cbm),
  c(lang, H.teu, (r) => r.teu),
  c(lang, H.cw, (r) => r.cw),
  c(lang, H.invoices, (r) => r.invoices, 10),
];

/** Invoice details (GPReport3 and the invoice drill-down). */
export const gpInvoiceColumns = (lang: Language): ExportColumn<TGpInvoice>[] => [
  c(lang, H.invoice_no, (r) => r.invoice_no, 18),
  c(lang, H.inv_type, (r) => r.inv_type, 8),
  c(lang, H.kind, (r) => r.kind, 12),
  c(lang, H.status, (r) => r.status, 16),
  c(lang, H.posting, (r) => r.acct_process_status, 10),
  c(lang, H.job_no, (r) => r.job_no, 18),
  c(lang, H.month, (r) => r.month, 10),
  c(lang, H.office, (r) => r.office, 8),
  c(lang, H.account, (r) => `${r.account_code} ${r.account_name}`, 30),
  c(lang, H.invoice_date, (r) => r.invoice_date, 12),
  c(lang, H.currency, (r) => r.currency, 8),
  c(lang, H.net, (r) => r.net_amount, 16),
  c(lang, H.revenue, (r) => r.revenue, 16),
  c(lang, H.cost, (r) => r.cost, 16),
];
