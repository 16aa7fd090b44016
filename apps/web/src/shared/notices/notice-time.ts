import { NOTICE_UTC_OFFSET_HOURS, type TSysNotice } from '@portal/contracts';

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const OFFSET = `+${String(NOTICE_UTC_OFFSET_HOURS).padStart(2, '0')}:00`;

/**
 * The instant (ms) of a notice date. The server sends UTC instants; a date-time without a zone is read as
 * Hong Kong time (UTC+8), the "8 hour offset" of 000 §4. NaN when unreadable.
 */
export function noticeInstant(value: string): number {
  const v = value.trim();
  if (HAS_ZONE.test(v)) return Date.parse(v);
  return Date.parse(`${v.replace(' ', 'T')}${OFFSET}`);
}

/** True when `now` lies within valid_from (inclusive) and valid_to (exclusive). */
export function isNoticeValidAt(n: Pick<TSysNotice, 'valid_from' | 'valid_to'>, now: number): boolean {
  const from = noticeInstant(n.valid_from);
  const to = noticeInstant(n.valid_to);
  return Number.isFinite(from) && Number.isFinite(to) && from <= now && now < to;
}

/** Whole minutes left until valid_to, rounded up (a notice with 30 s left says 1), never below 0. */
export function minutesRemaining(validTo: string, now: number): number {
  const to = noticeInstant(validTo);
  if (!Number.isFinite(to)) return 0;
  return Math.max(0, Math.ceil((to - now) / 60_000));
}

/** The body with every {{REMAIN}} replaced by the minutes remaining until valid_to. */
export function renderNoticeBody(n: Pick<TSysNotice, 'notice_body' | 'valid_to'>, now: number): string {
  return n.notice_body.replace(/\{\{\s*REMAIN\s*\}\}/g, String(minutesRemaining(n.valid_to, now)));
}

/** ALERTs to show now as a modal (000 §4): only those valid at `now`, not dismissed yet. */
export function alertsToShow(
  alerts: TSysNotice[],
  now: number,
  dismissed: ReadonlySet<string>,
): TSysNotice[] {
  return alerts.filter((a) => a.notice_type === 'ALERT' && !dismissed.has(a.uid) && isNoticeValidAt(a, now));
}
