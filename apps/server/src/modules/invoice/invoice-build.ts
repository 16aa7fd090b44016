/**
 * Building a save (002 §5): the invoice's input checked against the rules (kind and side, account, issuing
 * party, jobs and their orders, charge codes, tax codes and rates, currency and exchange rate, amount scales)
 * and every amount computed from the lines in exact decimals, ready for the tables; the smart search's text.
 * The create and edit of invoice.service.ts write what this builds.
 */
import {
  amountScaleIssue,
  convertMoney,
  EXCHANGE_RATE_MSG,
  INVOICE_KINDS,
  INVOICE_MSG,
  invoiceTotals,
  MSG,
  minorUnits,
  money,
  TAX_RULE_MSG,
  type TFieldError,
  type TInvoiceInput,
  taxCodeFitsCountry,
} from '@portal/contracts';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../platform/db/client';
import { AppError, unprocessable } from '../../platform/errors/app-error';
import { rateOn } from '../exchange-rate';
import { type InvoiceInsert, invoiceRepository as repo } from './invoice.repository';
import { buildInputs } from './invoice-build.repository';

type InvoiceConfig = AppConfig['invoice'];

const today = () => new Date().toISOString().slice(0, 10);
const abs = (v: string) => (money.compare(v, '0') < 0 ? money.mul(v, -1) : v);
/** A 422 naming the field (the form shows it there). */
export const fail = (msgKey: string, field?: string, params?: Record<string, string | number>) =>
  new AppError(422, msgKey, { params, details: field ? [{ field, msgKey, params }] : undefined });

/** The converted, checked values of a save (002 §5 rules), ready for the tables. */
export interface Built {
  header: Omit<InvoiceInsert, 'invoice_no' | 'status' | 'created_by' | 'updated_by'>;
  jobs: { job_no: string; so_no: string }[];
  lines: Parameters<typeof repo.replaceChildren>[2]['lines'];
  cheque: Parameters<typeof repo.replaceChildren>[2]['cheque'];
  containers: string[];
  accountName: string;
  /** The issuing party's code and name (the answer shows them), null without one. */
  issueParty: { party_code: string; full_name: string } | null;
}

/** Checks a save against 002 §5 and computes every amount from the lines (exact decimals). */
export async function build(tx: DbOrTx, v: TInvoiceInput, config: InvoiceConfig): Promise<Built> {
  if (!(INVOICE_KINDS[v.kind] as readonly string[]).includes(v.inv_type))
    throw fail(INVOICE_MSG.kindWrongSide, 'kind', { kind: v.kind, type: v.inv_type });
  const jobNos = [...new Set(v.job_nos)];
  const soNos = [...new Set(v.so_nos)];
  // The parties, orders and charge codes in one statement; each is checked in the order the user reads them.
  const { party, issue, orders, codes } = await buildInputs(tx, {
    accountCode: v.account_code,
    issueCode: v.issue_party_code ?? null,
    jobNos,
    chargeCodes: [...new Set(v.lines.map((l) => l.charge_code))],
  });
  if (!party) throw fail(INVOICE_MSG.accountNotFound, 'account_code', { code: v.account_code });
  let issuePartyId: number | null = null;
  let issueParty: Built['issueParty'] = null;
  if (v.issue_party_code) {
    if (!issue) throw fail(INVOICE_MSG.accountNotFound, 'issue_party_code', { code: v.issue_party_code });
    issuePartyId = issue.party_id;
    issueParty = { party_code: issue.party_code, full_name: issue.full_name };
  }

  // Jobs and SOs (002 §5): at least one of each, every SO on one of the jobs, one office, period and mode.
  if (!jobNos.length) throw fail(INVOICE_MSG.needJobAndSo, 'job_nos');
  if (!soNos.length) throw fail(INVOICE_MSG.needJobAndSo, 'so_nos');
  for (const j of jobNos)
    if (!orders.some((o) => o.job_no === j)) throw fail(INVOICE_MSG.jobNotFound, 'job_nos', { jobNo: j });
  const picked = soNos.map((s) => {
    const o = orders.find((x) => x.so_no === s);
    if (!o) throw fail(INVOICE_MSG.soNotFound, 'so_nos', { soNo: s });
    return o;
  });
  const same = (f: (o: (typeof picked)[number]) => string) => new Set(picked.map(f)).size === 1;
  if (!same((o) => o.handling_office) || !same((o) => o.etd.slice(0, 7)) || !same((o) => o.transport_mode))
    throw fail(INVOICE_MSG.jobsMismatch, 'job_nos');
  for (const j of jobNos)
    if (!picked.some((o) => o.job_no === j)) throw fail(INVOICE_MSG.needJobAndSo, 'so_nos', { jobNo: j });

  // Lines: at least one, known charge codes usable on this side.
  if (!v.lines.length) throw fail(INVOICE_MSG.needChargeLine, 'lines');
  const details: TFieldError[] = [];
  v.lines.forEach((l, i) => {
    const c = codes.find((x) => x.charge_code === l.charge_code);
    if (!c) details.push({ field: `lines.${i}.charge_code`, msgKey: INVOICE_MSG.chargeCodeNotFound });
    else if (!(v.inv_type === 'AR' ? c.ar_use : c.ap_use))
      details.push({ field: `lines.${i}.charge_code`, msgKey: INVOICE_MSG.chargeCodeWrongSide });
  });
  // A line's tax code must exist in the issuing office's country (Hong Kong has no VAT).
  if (v.lines.some((l) => l.tax_code && !taxCodeFitsCountry(l.tax_code, null))) {
    const country = await repo.officeCountry(tx, picked[0].handling_office);
    v.lines.forEach((l, i) => {
      if (l.tax_code && !taxCodeFitsCountry(l.tax_code, country))
        details.push({
          field: `lines.${i}.tax_code`,
          msgKey: TAX_RULE_MSG.taxCodeNotForCountry,
          params: { code: l.tax_code, country: country ?? '' },
        });
    });
  }
  if (details.length) throw unprocessable(details[0].msgKey, details);

  // Exchange rate (002 §5): 1 between equal currencies; looked up on the invoice date when not given.
  const base = config.baseCurrency;
  const on = v.invoice_date ?? today();
  let rate: string;
  if (v.exchange_rate) {
    if (v.currency === base && money.compare(v.exchange_rate, '1') !== 0)
      throw fail(EXCHANGE_RATE_MSG.mustBeOne, 'exchange_rate');
    rate = v.exchange_rate;
  } else {
    // Absent on a foreign-currency invoice: the rate of the invoice date, else refused on the field.
    rate = (
      await rateOn(tx, v.currency, base, on).catch((e: unknown) => {
        if (e instanceof AppError && e.msgKey === EXCHANGE_RATE_MSG.missing)
          throw fail(EXCHANGE_RATE_MSG.missing, 'exchange_rate', { from: v.currency, to: base, date: on });
        throw e;
      })
    ).rate;
  }
  // A zero or negative rate never reaches here (ZExchangeRateValue: 400 msgExchangeRateInvalid on the field);
  // a stored one could only come from outside the API: refused the same way rather than zeroing the base.
  if (money.compare(rate, '0') <= 0) throw fail(EXCHANGE_RATE_MSG.invalid, 'exchange_rate');

  // A typed amount with more digits than its currency has is refused, not rounded (issue 38): the total the
  // user saw. Unit prices and quantities keep their own precision (4 decimals, docs/invoices.md "Money").
  if (v.total_amount && amountScaleIssue(v.total_amount, v.currency))
    throw fail(MSG.amountScale, 'total_amount', { currency: v.currency, digits: minorUnits(v.currency) });

  const totals = invoiceTotals(
    v.lines.map((l) => ({ ...l, tax_rate: l.tax_rate ?? '0', price_includes_tax: !!l.price_includes_tax })),
    v.currency,
    rate,
    base,
  );
  // 002 §5 "line totals must equal detail totals": what the user saw must be what the lines add up to.
  if (v.total_amount && money.compare(v.total_amount, totals.total_amount) !== 0)
    throw fail(INVOICE_MSG.totalMismatch, 'total_amount', { expected: totals.total_amount });

  // The tax-inclusive cap is a CNY amount (002 §5): convert directly, else through the base currency, each
  // conversion rounded half-up to the target's minor units (the one rounding rule, docs/invoices.md).
  let totalCny: string;
  if (v.currency === 'CNY') totalCny = totals.total_amount;
  else {
    const direct = await rateOn(tx, v.currency, 'CNY', on).catch(() => null);
    totalCny = direct
      ? convertMoney(totals.total_amount, direct.rate, 'CNY')
      : convertMoney(totals.base_total_amount, (await rateOn(tx, base, 'CNY', on)).rate, 'CNY');
  }
  if (money.compare(abs(totalCny), config.taxInclusiveCapCny) > 0)
    throw fail(INVOICE_MSG.overCap, 'total_amount', { cap: config.taxInclusiveCapCny });

  const hbl = v.hbl_no ?? picked.find((o) => o.hbl_no)?.hbl_no ?? null;
  return {
    header: {
      inv_type: v.inv_type,
      kind: v.kind,
      account_code: party.party_code,
      party_id: party.party_id,
      issue_party_id: issuePartyId,
      hbl_no: hbl,
      mbl_no: v.mbl_no ?? null,
      office_code: picked[0].handling_office,
      is_overseas: v.is_overseas,
      sales_code: v.sales_code ?? null,
      currency: v.currency,
      base_currency: base,
      exchange_rate: rate,
      net_amount: totals.net_amount,
      tax_amount: totals.tax_amount,
      total_amount: totals.total_amount,
      base_total_amount: totals.base_total_amount,
      outstanding_amount: totals.total_amount,
      invoice_date: v.invoice_date ?? null,
      gov_invoice_no: v.gov_invoice_no ?? null,
      sub_type: v.sub_type ?? null,
      with_credit_term: v.with_credit_term,
      is_inter_account: v.is_inter_account,
      ap_ref: v.ap_ref ?? null,
      payment_ref: v.payment_ref ?? null,
      payment_marker: v.payment_marker ?? null,
      group_no: v.group_no ?? null,
      tax_rate_code: v.tax_rate_code ?? null,
      remarks: v.remarks ?? null,
      local_invoice_no: v.local_invoice_no ?? null,
      vat_period: v.vat_period ?? null,
      company_id: v.company_id ?? null,
      tax_invoice_emails: v.tax_invoice_emails,
    },
    jobs: picked.map((o) => ({ job_no: o.job_no, so_no: o.so_no })),
    lines: v.lines.map((l, i) => ({
      line_no: i + 1,
      charge_code: l.charge_code,
      description: l.description,
      reference: l.reference ?? null,
      job_no: l.job_no ?? null,
      unit_price: l.unit_price,
      price_includes_tax: !!l.price_includes_tax,
      quantity: l.quantity,
      uom: l.uom,
      dr_cr: l.dr_cr,
      tax_code: l.tax_code ?? null,
      tax_rate: l.tax_rate ?? '0',
      amount: totals.lines[i].amount,
      tax_amount: totals.lines[i].tax_amount,
      total_amount: totals.lines[i].total_amount,
      outstanding_amount: totals.lines[i].total_amount,
    })),
    cheque: v.cheque_request
      ? {
          available_date: v.cheque_request.available_date ?? null,
          free_to_combine: !!v.cheque_request.free_to_combine,
          foreign_currency: v.cheque_request.foreign_currency ?? null,
          cheque_currency: v.cheque_request.cheque_currency ?? null,
          issued_to: v.cheque_request.issued_to ?? null,
        }
      : null,
    containers: picked.flatMap((o) => o.container_nos),
    accountName: party.full_name,
    issueParty,
  };
}

/** The lower-cased numbers the smart search matches (002 §2 Search). */
export const searchTextOf = (no: string, b: Built) =>
  [
    no,
    b.header.ap_ref,
    b.header.group_no,
    b.header.gov_invoice_no,
    b.header.account_code,
    b.accountName,
    b.header.hbl_no,
    b.header.mbl_no,
    ...new Set(b.jobs.map((j) => j.job_no)),
    ...b.jobs.map((j) => j.so_no),
    ...b.containers,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
