import type { TCo2eBooking } from '@portal/contracts';

/** The CO2e panel's rules without React (docs/co2e.md). */

/** A figure with a fixed number of decimals in the screen's language; '—' for none. */
export const co2eFigure = (lang: string, v: string | null, digits: number) =>
  v === null
    ? '—'
    : new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
        Number(v),
      );

/** Why there is no figure (the panel's catalogue key), or null when there is one. */
export function co2eMissing(
  d: Pick<TCo2eBooking, 'cancelled' | 'method'>,
): 'cancelled' | 'noDistance' | 'noCargo' | 'noFactor' | null {
  if (d.cancelled === true) return 'cancelled';
  if (d.method === 'NO_DISTANCE') return 'noDistance';
  if (d.method === 'NO_CARGO') return 'noCargo';
  if (d.method === 'NO_FACTOR') return 'noFactor';
  return null;
}
