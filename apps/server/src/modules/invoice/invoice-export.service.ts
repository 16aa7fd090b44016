import { EXPORT_DESCRIPTION_MAX, INVOICE_BATCH_MSG, MAX_EXPORT_ROWS, money } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import type { InvoiceRow } from './invoice.repository';
import { invoiceBatchRepository as batchRepo, type ExportLineRow } from './invoice-batch.repository';

/**
 * The accounting export (docs/invoices.md "Accounting export file"): a SunSystems-style journal import CSV,
 * one balanced journal per invoice. Columns, in this order:
 */
export const EXPORT_COLUMNS = [
  'JournalType', // SI sales (AR), PI purchase (AP), RV reversal
  'AccountCode', // party: SunSystems account (sun_ac_code, else party code); charge: ledger; tax: TAX_ACCOUNT
  'AccountingPeriod', // YYYYPPP of the invoice date
  'TransactionDate', // DDMMYYYY
  'DebitCredit', // D or C
  'BaseAmount', // absolute, base currency minor units
  'CurrencyCode',
  'TransactionAmount', // absolute, invoice currency minor units
  'ConversionRate', // 6 decimals, invoice currency → base
  'TransactionReference', // invoice no.
  'Description', // ≤ 50 characters: remarks (party line, refused when longer) or the charge description
  'T1Job', // analysis 1: job no.
  'T2Office', // analysis 2: handling office
  'T3Code', // analysis 3: charge code / tax code / kind
  'JournalLine',
] as const;

/** Output VAT (AR) and input VAT (AP) accounts of the tax lines. */
export const TAX_ACCOUNT = { AR: '2210', AP: '1410' } as const;

const csv = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const abs = (v: string) => (money.compare(v, '0') < 0 ? money.mul(v, -1) : v);

interface ExportInvoice {
  row: InvoiceRow;
  reversal: boolean;
  sunAccount: string;
  job: string;
  lines: ExportLineRow[];
}

/** The journal lines of one invoice: party line, one line per charge, one per tax code; balanced in base. */
function journalOf(e: ExportInvoice): string[][] {
  const r = e.row;
  const date = r.invoice_date ?? new Date().toISOString().slice(0, 10);
  const period = `${date.slice(0, 4)}0${date.slice(5, 7)}`;
  const ddmmyyyy = `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`;
  const journal = e.reversal ? 'RV' : r.inv_type === 'AR' ? 'SI' : 'PI';
  // Signed amounts: receivables debit the customer and credit income; payables the other way round.
  const partySign = r.inv_type === 'AR' ? 1 : -1;
  const lineSign = (l: ExportLineRow) => -partySign * (l.dr_cr === 'CR' ? -1 : 1);
  const toBase = (v: string) => money.round(money.mul(v, r.exchange_rate), r.base_currency);
  const out: { account: string; base: string; amount: string; desc: string; code: string }[] = [];
  out.push({
    account: e.sunAccount,
    base: money.mul(r.base_total_amount, partySign),
    amount: money.mul(r.total_amount, partySign),
    desc: r.remarks ?? r.account_code,
    code: r.kind,
  });
  const taxes = new Map<string, string>();
  for (const l of e.lines) {
    const s = lineSign(l);
    out.push({
      account: l.ledger_code,
      base: toBase(money.mul(l.amount, s)),
      amount: money.round(money.mul(l.amount, s), r.currency),
      desc: l.description.slice(0, EXPORT_DESCRIPTION_MAX),
      code: l.charge_code,
    });
    if (money.compare(l.tax_amount, '0') !== 0) {
      const key = l.tax_code ?? 'TAX';
      taxes.set(key, money.add(taxes.get(key) ?? '0', money.mul(l.tax_amount, s)));
    }
  }
  for (const [code, tax] of taxes)
    out.push({
      account: TAX_ACCOUNT[r.inv_type as 'AR' | 'AP'],
      base: toBase(tax),
      amount: money.round(tax, r.currency),
      desc: `VAT ${code}`,
      code,
    });
  // Per-line conversion rounds; the difference goes to the largest charge line so the journal balances.
  const diff = money.sum(out.map((o) => o.base));
  if (money.compare(diff, '0') !== 0 && out.length > 1) {
    const target = out
      .slice(1)
      .reduce((best, o) => (money.compare(abs(o.base), abs(best.base)) > 0 ? o : best), out[1]);
    target.base = money.sub(target.base, diff);
  }
  return out.map((o, i) => [
    journal,
    o.account,
    period,
    ddmmyyyy,
    money.compare(o.base, '0') < 0 || (money.compare(o.base, '0') === 0 && money.compare(o.amount, '0') < 0)
      ? 'C'
      : 'D',
    money.round(abs(o.base), r.base_currency),
    r.currency,
    money.round(abs(o.amount), r.currency),
    money.round(r.exchange_rate, { scale: 6 }),
    r.invoice_no,
    o.desc,
    e.job,
    r.office_code,
    o.code,
    String(i + 1),
  ]);
}

/**
 * Checks a group export (002 §5, §8) and builds its file: refused when the remarks of an invoice are longer
 * than the journal description, or when the base-currency total of the (non-reversal) invoices is negative;
 * refused beyond MAX_EXPORT_ROWS journal lines.
 */
export async function buildExportFile(db: DbOrTx, rows: InvoiceRow[], reversal: (r: InvoiceRow) => boolean) {
  for (const r of rows)
    if (r.remarks && r.remarks.length > EXPORT_DESCRIPTION_MAX)
      throw new AppError(422, INVOICE_BATCH_MSG.groupExportRemarksTooLong, {
        params: { invoiceNo: r.invoice_no, max: EXPORT_DESCRIPTION_MAX },
      });
  // A reversal undoes a posted invoice and is negative by design; the rule is about the group's own invoices.
  const total = money.sum(rows.filter((r) => !reversal(r)).map((r) => r.base_total_amount));
  if (money.compare(total, '0') < 0)
    throw new AppError(422, INVOICE_BATCH_MSG.groupExportNegative, { params: { total } });
  const ids = rows.map((r) => r.inv_id);
  const [lines, suns, jobs] = await Promise.all([
    batchRepo.exportLines(db, ids),
    batchRepo.sunAccounts(db, [...new Set(rows.map((r) => r.party_id))]),
    batchRepo.firstJobs(db, ids),
  ]);
  const records: string[][] = [];
  for (const r of rows) {
    records.push(
      ...journalOf({
        row: r,
        reversal: reversal(r),
        sunAccount: suns.get(r.party_id) ?? r.account_code,
        job: jobs.get(r.inv_id)?.job_no ?? '',
        lines: lines.filter((l) => l.inv_id === r.inv_id),
      }),
    );
    if (records.length > MAX_EXPORT_ROWS) throw new AppError(422, INVOICE_BATCH_MSG.exportTooMany);
  }
  const content = `${[[...EXPORT_COLUMNS], ...records].map((rec) => rec.map(csv).join(',')).join('\r\n')}\r\n`;
  return { content, lineCount: records.length, baseTotal: money.sum(rows.map((r) => r.base_total_amount)) };
}

/** Builds and keeps one export batch (the file is downloadable again by its batch no.). */
export async function createExportBatch(
  db: DbOrTx,
  by: string,
  rows: InvoiceRow[],
  reversal: (r: InvoiceRow) => boolean,
) {
  const file = await buildExportFile(db, rows, reversal);
  const { id, no } = await batchRepo.nextNo(db, 'export', 'EXP');
  const batch = await batchRepo.insertExportBatch(db, {
    batch_id: id,
    batch_no: no,
    file_name: `${no}.csv`,
    content: file.content,
    invoice_count: rows.length,
    line_count: file.lineCount,
    base_total_amount: file.baseTotal,
    inv_ids: rows.map((r) => r.inv_id),
    created_by: by,
  });
  return batch;
}
