import { money } from './money-core';

/** What a charge line needs for its amounts (002 §3 general charge). */
export interface LineMoneyInput {
  unit_price: string;
  quantity: string;
  price_includes_tax: boolean;
  /** Percent ("6" = 6 %). */
  tax_rate: string;
  dr_cr: 'DR' | 'CR';
}

export interface LineMoney {
  /** Net of tax, rounded to the currency. */
  amount: string;
  tax_amount: string;
  /** amount + tax_amount. */
  total_amount: string;
}

/**
 * Amounts of one line in its currency, exact decimals, half-up to the currency's minor units:
 * - tax exclusive: amount = round(price × qty), tax = round(amount × rate), total = amount + tax;
 * - tax inclusive: total = round(price × qty), tax = round(total × rate ÷ (100 + rate)), amount = total − tax.
 * The line keeps its own sign (DR and CR alike are positive here); `invoiceTotals` applies DR/CR.
 */
export function lineMoney(line: LineMoneyInput, currency: string): LineMoney {
  const gross = money.round(money.mul(line.unit_price, line.quantity), currency);
  if (line.price_includes_tax) {
    const tax = money.round(
      money.div(money.mul(gross, line.tax_rate), money.add('100', line.tax_rate), 12),
      currency,
    );
    return { amount: money.round(money.sub(gross, tax), currency), tax_amount: tax, total_amount: gross };
  }
  const tax = money.round(money.div(money.mul(gross, line.tax_rate), '100', 12), currency);
  return { amount: gross, tax_amount: tax, total_amount: money.round(money.add(gross, tax), currency) };
}

/**
 * An amount converted at an exchange rate, rounded half-up to the target currency's minor units: an
 * invoice's base total and the tax-inclusive cap's CNY amount (docs/invoices.md "The rounding rule").
 */
export function convertMoney(amount: string, rate: string, toCurrency: string): string {
  return money.round(money.mul(amount, rate), toCurrency);
}

export interface InvoiceTotals {
  net_amount: string;
  tax_amount: string;
  total_amount: string;
  /** total × exchange rate, rounded to the base currency. */
  base_total_amount: string;
}

/**
 * Totals of an invoice: Σ of the lines' rounded amounts (DR adds, CR subtracts), so the header always
 * equals the sum of what the lines show (002 §5 "line totals must equal detail totals"), then converted to
 * the base currency at the invoice's exchange rate.
 */
export function invoiceTotals(
  lines: readonly LineMoneyInput[],
  currency: string,
  exchangeRate: string,
  baseCurrency: string,
): InvoiceTotals & { lines: LineMoney[] } {
  const computed = lines.map((l) => lineMoney(l, currency));
  const signed = (pick: (m: LineMoney) => string) =>
    money.sum(computed.map((m, i) => (lines[i].dr_cr === 'CR' ? money.mul(pick(m), -1) : pick(m))));
  const net = money.round(
    signed((m) => m.amount),
    currency,
  );
  const tax = money.round(
    signed((m) => m.tax_amount),
    currency,
  );
  const total = money.round(
    signed((m) => m.total_amount),
    currency,
  );
  return {
    lines: computed,
    net_amount: net,
    tax_amount: tax,
    total_amount: total,
    base_total_amount: convertMoney(total, exchangeRate, baseCurrency),
  };
}
