import type { TPeriodBlocker } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The period close screen's small rules without React. */

/** The invoice detail screen of a blocker (002 §2 arDetails / apDetails). */
export const blockerLink = (b: Pick<TPeriodBlocker, 'inv_type' | 'inv_id'>) =>
  `/INV/${b.inv_type.toLowerCase()}Details/${b.inv_id}`;

/** A close or reopen time as the tables show it, to the minute in the browser's zone; '' for none. */
export const eventTime = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** The month the screen opens on: last month, the one usually being closed (YYYY-MM). */
export const defaultPeriod = (now: Dayjs = dayjs()) => now.subtract(1, 'month').format('YYYY-MM');

/**
 * Whether a month typed in the month input is applied: a whole YYYY-MM, not after this month (an emptied or
 * future month is not: the month shown stays the one loaded).
 */
export const acceptsMonth = (text: string, thisMonth: string) =>
  /^\d{4}-\d{2}$/.test(text) && text <= thisMonth;
