import { APPROVAL_LIST_KEYS, type TApprovalListKey } from '@portal/contracts';

/** Where the booking approval screens live (001 §2 Booking approval). */
export const APPROVAL_HOME_PATH = '/BMS/enhance_booking_approval';
/** The rate and sailing comparison (/BMS/compareso). */
export const COMPARE_PATH = '/BMS/compareso';

export const isApprovalList = (s: string | undefined | null): s is TApprovalListKey =>
  !!s && (APPROVAL_LIST_KEYS as string[]).includes(s);

/** The dashboard with one list open (search_booking_approval is the home itself). */
export const approvalListPath = (list: TApprovalListKey) =>
  list === 'search_booking_approval' ? APPROVAL_HOME_PATH : `${APPROVAL_HOME_PATH}/${list}`;

/** A booking's detail opened from booking approval, under the list it came from (Back returns there). */
export function approvalDetailPath(soNo: string, from?: TApprovalListKey): string {
  const base =
    from && from !== 'search_booking_approval' ? `${APPROVAL_HOME_PATH}/${from}` : APPROVAL_HOME_PATH;
  return `${base}/shipping_order/${encodeURIComponent(soNo)}`;
}

/** True for a booking detail reached from booking approval. */
export const isApprovalDetailPath = (pathname: string) => pathname.startsWith(`${APPROVAL_HOME_PATH}/`);

/** The approval list a detail path was opened from (the home list when none or unknown). */
export const approvalListOf = (searchState: string | undefined): TApprovalListKey =>
  isApprovalList(searchState) ? searchState : 'search_booking_approval';

/** The comparison page for some shipping orders. */
export const comparePath = (soNos: string[]) =>
  soNos.length ? `${COMPARE_PATH}?so_nos=${encodeURIComponent(soNos.join(','))}` : COMPARE_PATH;
