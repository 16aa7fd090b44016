import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

const DAY_S = 24 * 3600;

/**
 * A message's time (000 §9): 'N seconds/mins/hours ago' under one day, otherwise the full date
 * (YYYY-MM-DD HH:mm:ss). `t` is the notification namespace's.
 */
export function messageTime(t: TFunction, iso: string, now: number = Date.now()): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s >= DAY_S) return dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
  if (s < 60) return t('time.seconds', { count: s });
  if (s < 3600) return t('time.mins', { count: Math.floor(s / 60) });
  return t('time.hours', { count: Math.floor(s / 3600) });
}
