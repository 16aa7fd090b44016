import { type ANALYTICS_VALUE_KINDS, formatMoney, isDecimalString, money } from '@portal/contracts';

// ---------------------------------------------------------------------------------------------------------
// How the analytics frame shows a value (issue 17): every figure arrives as a decimal string and is formatted
// from that string (Intl.NumberFormat formats a numeric string exactly), never through JavaScript arithmetic.
// Charts alone turn values into numbers, to place bars; their tooltips show the formatted string again.
// ---------------------------------------------------------------------------------------------------------

export type AnalyticsValueKind = (typeof ANALYTICS_VALUE_KINDS)[number];

/** The base currency every money figure is in (ARCHITECTURE.md: HKD). */
export const BASE_CURRENCY = 'HKD';

/** Decimals shown per kind: [minimum, maximum]. Money always shows exactly 2. */
const DIGITS: Partial<Record<AnalyticsValueKind, [number, number]>> = {
  count: [0, 0],
  decimal: [0, 2],
  pct: [0, 1],
  days: [0, 1],
  teu: [0, 2],
  cbm: [0, 3],
  kg: [0, 1],
  co2e: [0, 1],
};

/** Kinds whose values are numbers (right-aligned, sorted numerically, plotted). */
export const isNumericKind = (kind: AnalyticsValueKind) => kind !== 'text' && kind !== 'date';

/**
 * The value as the reader's language writes it, without its unit ("1,234.50" for money, "87.5%" for a
 * percentage, "12,480" for a count); '—' for no value; a value that is not a decimal is shown as it came.
 */
export function formatValue(
  kind: AnalyticsValueKind,
  value: string | null | undefined,
  locale: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (!isNumericKind(kind) || !isDecimalString(value)) return value;
  if (kind === 'money') return formatMoney(value, BASE_CURRENCY, locale);
  const [min, max] = DIGITS[kind] ?? [0, 2];
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    // Intl.NumberFormat formats a numeric string as an exact decimal (ES2023 Intl.NumberFormat v3).
  }).format(value as unknown as number);
  return kind === 'pct' ? `${text}%` : text;
}

/** The translation key (namespace `analytics`) of the unit shown beside a kind's values, or null. */
export function unitKey(kind: AnalyticsValueKind): string | null {
  switch (kind) {
    case 'money':
    case 'teu':
    case 'cbm':
    case 'kg':
    case 'co2e':
    case 'days':
      return `unit.${kind}`;
    default:
      return null;
  }
}

/**
 * Orders two cells of a column: numbers by their decimal value (big.js, exact), text and dates by the
 * reader's collation; an empty cell sorts first.
 */
export function compareValues(
  kind: AnalyticsValueKind,
  a: string | null | undefined,
  b: string | null | undefined,
  locale: string,
): number {
  const ea = a === null || a === undefined || a === '';
  const eb = b === null || b === undefined || b === '';
  if (ea || eb) return ea && eb ? 0 : ea ? -1 : 1;
  if (isNumericKind(kind) && isDecimalString(a) && isDecimalString(b)) return money.compare(a, b);
  return a.localeCompare(b, locale);
}

/** For a chart only: the value as a number to place a bar or a point (null stays a gap). */
export const plotValue = (v: string | null | undefined): number | null =>
  v === null || v === undefined || !isDecimalString(v) ? null : Number(v);

/** A documents total: "10,000+" when the server capped it (it answers 10,001 for "10,000 or more"). */
export const DOCUMENTS_CAP = 10_000;
export function formatDocumentsTotal(total: number, locale: string): string {
  const n = new Intl.NumberFormat(locale);
  return total > DOCUMENTS_CAP ? `${n.format(DOCUMENTS_CAP)}+` : n.format(total);
}
