import dayjs from 'dayjs';

/** A date as YYYY-MM-DD ('' when none). */
export const fmtDate = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');
/** A cut-off (port-local wall clock, no time zone) as YYYY-MM-DD HH:mm ('' when none). */
export const fmtDateTime = (v: string | null | undefined) => (v ? v.slice(0, 16).replace('T', ' ') : '');
/** A moment (UTC timestamp) in the browser's time as YYYY-MM-DD HH:mm ('' when none). */
export const fmtMoment = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
/** An amount with two decimals and thousands separators in the UI language. */
export const fmtAmount = (v: string | null | undefined, locale?: string) =>
  v === null || v === undefined || v === ''
    ? ''
    : Number(v).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The four cut-offs of a sailing (CFS, CY, VGM, SI). */
export const CUTOFFS = ['cfs_cutoff', 'cy_cutoff', 'vgm_cutoff', 'si_cutoff'] as const;
