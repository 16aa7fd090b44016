import Big from 'big.js';
import { MINOR_UNITS_NOT_2 } from './money-minor-units';

// ---------------------------------------------------------------------------------------------------------
// Money (zod-free core; money.ts adds the schemas and re-exports this): the one decimal type of the portal (docs/decisions.md "Money"). Amounts are decimal strings on the
// wire, `numeric` in PostgreSQL and big.js decimals in arithmetic; never a JavaScript number.
// ---------------------------------------------------------------------------------------------------------

/**
 * A big.js constructor of our own (not the shared global one) set to round half-up, i.e. half away from zero
 * (2.345 → 2.35, −2.345 → −2.35): what PostgreSQL's round(numeric) does, so an amount rounded in SQL and
 * one rounded here agree. Strict: building a decimal from a JS number throws, so no float sneaks in.
 */
const D = Big();
D.RM = Big.roundHalfUp;
D.strict = true;
D.DP = 20;

/** Minor units when a currency has none of its own (credit limits) or is not known: 2. */
export const DEFAULT_MINOR_UNITS = 2;
/** The largest ISO 4217 minor unit (CLF, UYW): the scale of `numeric` columns holding amounts in any currency. */
export const MONEY_MAX_SCALE = 4;
/** Digits before the point: numeric(18, 4) leaves 14. */
export const MONEY_INTEGER_DIGITS = 14;
/** Exchange rates carry 6 decimals (ARCHITECTURE.md), numeric(18, 6). */
export const EXCHANGE_RATE_SCALE = 6;

/** ISO 4217 minor units (currency-codes): JPY 0, USD 2, BHD 3; 2 for no or an unknown currency. */
export function minorUnits(currency?: string | null): number {
  if (!currency) return DEFAULT_MINOR_UNITS;
  return MINOR_UNITS_NOT_2[currency.trim().toUpperCase()] ?? DEFAULT_MINOR_UNITS;
}

/** A plain decimal: optional minus, digits, optional fraction. No exponent, no separators, no "+". */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** True for a plain decimal string (see DECIMAL_PATTERN). */
export const isDecimalString = (v: string): boolean => DECIMAL_PATTERN.test(v);

/** How many digits follow the point in a decimal string ("12.50" → 2, "7" → 0). */
export const decimalsOf = (v: string): number => {
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot - 1;
};

type Amount = string;
/** An operand: a decimal string, or a safe integer (a quantity). */
type Operand = Amount | number;

const dec = (v: Operand): Big => {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v))
      throw new TypeError(`money: ${v} is not an integer; pass amounts as strings`);
    return new D(String(v));
  }
  if (!DECIMAL_PATTERN.test(v)) throw new TypeError(`money: "${v}" is not a decimal string`);
  return new D(v);
};
/** Plain notation, never exponential ("1e+21" would not survive a numeric column or a regex). */
const plain = (b: Big): Amount => b.toFixed();

/** The scale to round to: a currency's minor units, or a number of decimals given as { scale }. */
export type ScaleOf = string | null | undefined | { scale: number };
const scaleOf = (s: ScaleOf): number => (typeof s === 'object' && s !== null ? s.scale : minorUnits(s));

/** A canonical decimal: no leading zeros, no "-0" (big.js would normalise those). */
const CANONICAL = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;
const ZEROS = /^0*$/;
/**
 * `round` of a value that needs no rounding, by its text: an amount read from a `numeric(18, 4)` column is
 * "1234.5000", shown to its currency's 2 decimals without any digit changing. A list page rounds four amounts
 * a row; through big.js that was ~1.8 µs each, a sixth of a 20-row invoice page's presenting (issue 40,
 * session 56). Undefined when a digit would change, the text is not canonical or the result is a negative
 * zero: big.js answers those.
 */
function roundExact(v: string, dp: number): string | undefined {
  const m = CANONICAL.exec(v);
  if (!m || !Number.isInteger(dp) || dp < 0) return undefined;
  const frac = m[3] ?? '';
  if (frac.length > dp && !ZEROS.test(frac.slice(dp))) return undefined;
  const kept = frac.slice(0, dp).padEnd(dp, '0');
  if (m[1] && m[2] === '0' && ZEROS.test(kept)) return undefined;
  return dp ? `${m[1]}${m[2]}.${kept}` : `${m[1]}${m[2]}`;
}

/** Exact decimal arithmetic on strings. Results keep every digit until `round` is asked for. */
export const money = {
  add: (a: Operand, b: Operand): Amount => plain(dec(a).plus(dec(b))),
  sub: (a: Operand, b: Operand): Amount => plain(dec(a).minus(dec(b))),
  mul: (a: Operand, b: Operand): Amount => plain(dec(a).times(dec(b))),
  /**
   * a ÷ b to `dp` decimals (default 10), half-up: division is the one operation that cannot be exact
   * (a tax share of a tax-inclusive price), so the caller rounds the result to its currency afterwards.
   */
  div: (a: Operand, b: Operand, dp = 10): Amount => dec(a).div(dec(b)).toFixed(dp, Big.roundHalfUp),
  /** Σ of the values, exactly (an empty list is "0"). */
  sum: (values: readonly Operand[]): Amount =>
    plain(values.reduce<Big>((acc, v) => acc.plus(dec(v)), new D('0'))),
  /** −1, 0 or 1 as a is below, equal to or above b ("1.50" equals "1.5"). */
  compare: (a: Operand, b: Operand): -1 | 0 | 1 => dec(a).cmp(dec(b)),
  /** Half-up (away from zero) to the currency's minor units, always with that many decimals: "2.345" → "2.35". */
  round: (v: Operand, to?: ScaleOf): Amount => {
    const dp = scaleOf(to);
    return (typeof v === 'string' && roundExact(v, dp)) || dec(v).toFixed(dp, Big.roundHalfUp);
  },
  /** The lowest of the values (undefined for none). */
  min: (values: readonly Operand[]): Amount | undefined =>
    values.length ? plain(values.map(dec).reduce((m, x) => (x.lt(m) ? x : m))) : undefined,
};

/**
 * The number formats in use, one per language and decimals: building an Intl.NumberFormat (its locale data)
 * costs far more than formatting with it, and a list page, statement or PDF formats hundreds of amounts.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, min: number, max: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${min}|${max}`;
  let fmt = numberFormats.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, fmt);
  }
  return fmt;
}

/**
 * For display: grouped in the reader's language with exactly the currency's decimals, e.g. "12,345,678.50"
 * (en-US), "¥1,200" needs no symbol here because the currency code is shown beside it. Formats the decimal
 * string itself (Intl.NumberFormat takes strings exactly), never a float.
 */
export function formatMoney(value: Operand | null | undefined, currency: ScaleOf, locale?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const scale = scaleOf(currency);
  const fmt = numberFormat(locale, scale, scale);
  // Intl.NumberFormat formats a numeric string as an exact decimal (ES2023 Intl.NumberFormat v3).
  return fmt.format(money.round(value, { scale }) as unknown as number);
}

/**
 * Unit prices carry up to 4 decimals (UNIT_PRICE_SCALE, the scale the lines store and accept: a rate per kg or
 * per CBM may need them) and are shown with at least their currency's minor units: "2500" HKD → "2,500.00",
 * "1200.5" → "1,200.50", "0.1234" → "0.1234", "2500" JPY → "2,500" (docs/decisions.md "Money display").
 */
export const UNIT_PRICE_SCALE = 4;

/** A unit price for display: grouped, at least the currency's decimals, at most UNIT_PRICE_SCALE, no float. */
export function formatUnitPrice(
  value: Operand | null | undefined,
  currency: ScaleOf,
  locale?: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const min = Math.min(scaleOf(currency), UNIT_PRICE_SCALE);
  const fmt = numberFormat(locale, min, UNIT_PRICE_SCALE);
  return fmt.format(money.round(value, { scale: UNIT_PRICE_SCALE }) as unknown as number);
}

/** An exchange rate for display: always its EXCHANGE_RATE_SCALE (6) decimals, grouped ("7.800000"). */
export function formatExchangeRate(value: Operand | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return '';
  return formatMoney(value, { scale: EXCHANGE_RATE_SCALE }, locale);
}

/** An amount with its currency code in front, as plain text shows it (e-mails, PDFs): "HKD 5,270.06". */
export function formatMoneyWithCode(
  value: Operand | null | undefined,
  currency: string,
  locale?: string,
): string {
  const v = formatMoney(value, currency, locale);
  return v ? `${currency} ${v}` : '';
}
