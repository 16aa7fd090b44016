import { formatMoney } from '@portal/contracts';
import dayjs from 'dayjs';

/** A date as YYYY-MM-DD ('' when none). */
export const fmtDate = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');
/** A cut-off (port-local wall clock, no time zone) as YYYY-MM-DD HH:mm ('' when none). */
export const fmtDateTime = (v: string | null | undefined) => (v ? v.slice(0, 16).replace('T', ' ') : '');
/** A moment (UTC timestamp) in the browser's time as YYYY-MM-DD HH:mm ('' when none). */
export const fmtMoment = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
/** An amount with the currency's decimals (JPY 0, USD 2, BHD 3) and thousands separators in the UI language. */
export const fmtAmount = (
  v: string | null | undefined,
  locale: string | undefined,
  currency: string | null,
) => formatMoney(v, currency, locale);

/** The four cut-offs of a sailing (CFS, CY, VGM, SI). */
export const CUTOFFS = ['cfs_cutoff', 'cy_cutoff', 'vgm_cutoff', 'si_cutoff'] as const;
