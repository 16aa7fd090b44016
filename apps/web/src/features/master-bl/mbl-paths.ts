import { MBL_LIST_KEYS, type TMblListKey } from '@portal/contracts';

/** Where the master BL screens live (001 §2 Master bill of lading, 000 §2.3). */
export const MBL_HOME_PATH = '/BMS/master_bl';

export const isMblList = (s: string | undefined | null): s is TMblListKey =>
  !!s && (MBL_LIST_KEYS as string[]).includes(s);

export const mblListOf = (searchState: string | undefined): TMblListKey =>
  isMblList(searchState) ? searchState : 'search_master_bl';

/** The dashboard with one list open (search_master_bl is the home itself). */
export const mblListPath = (list: TMblListKey) =>
  list === 'search_master_bl' ? MBL_HOME_PATH : `${MBL_HOME_PATH}/${list}`;

/** A bill's detail, under the list it was opened from (Back returns there). */
export const mblDetailPath = (mblNo: string, from?: TMblListKey) =>
  `${from && from !== 'search_master_bl' ? `${MBL_HOME_PATH}/${from}` : MBL_HOME_PATH}/master_bl/${encodeURIComponent(mblNo)}`;

/** A new bill from an approved consol plan or from FCL shipping orders. */
export const mblNewPath = (from: { consol_no?: string; so_nos?: string[] }) => {
  const q = from.consol_no
    ? `consol_no=${encodeURIComponent(from.consol_no)}`
    : `so_nos=${encodeURIComponent((from.so_nos ?? []).join(','))}`;
  return `${MBL_HOME_PATH}/master_bl/new?${q}`;
};

/**
 * A house bill's booking opened on its Details tab, where its cargo lines (HS codes) are: the links of the DCSA
 * SI refusal (issue 39). The booking screen's own path (features/booking's bookingPath) with `?tab=`.
 */
export const bookingCargoPath = (soNo: string) =>
  `/BMS/enhance_booking/shipping_order/${encodeURIComponent(soNo)}?tab=details`;
