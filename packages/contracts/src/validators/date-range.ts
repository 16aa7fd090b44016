import { z } from 'zod';
import { MSG } from '../msg-keys';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return `${dt.getUTCFullYear()}-${pad(dt.getUTCMonth() + 1)}-${pad(dt.getUTCDate())}`;
};

/** The local calendar day of `date` as YYYY-MM-DD. */
export function isoDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parts(day: string | Date): [number, number, number] {
  const s = typeof day === 'string' ? day : isoDay(day);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${s}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * The allowed-date range of 000 §5: from tomorrow to the last day of the month three months ahead
 * (today 2026-01-31 → 2026-02-01 … 2026-04-30). `today` is a parameter so callers and tests fix the clock.
 */
export function allowedDateRange(today: string | Date): { from: string; to: string } {
  const [y, m, d] = parts(today);
  // Day 0 of month m+4 is the last day of month m+3; Date.UTC rolls months and years over.
  return { from: iso(y, m, d + 1), to: iso(y, m + 4, 0) };
}

/** True when `date` (YYYY-MM-DD) lies in the allowed range for `today`, both ends included. */
export function isInAllowedDateRange(date: string, today: string | Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = parts(date);
  if (iso(y, m, d) !== date) return false; // 2026-02-30 and the like
  const { from, to } = allowedDateRange(today);
  return date >= from && date <= to;
}

/** Zod: a YYYY-MM-DD date in the allowed range; `today` is read at validation time. */
export function zAllowedDate(today: () => string | Date = () => new Date()) {
  return z.iso.date({ message: MSG.fieldInvalid }).refine((v) => isInAllowedDateRange(v, today()), {
    message: MSG.dateOutOfRange,
  });
}
