import { CONSOL_LIST_KEYS, type TConsolListKey } from '@portal/contracts';

/** Where the consolidation screens live (001 §2 Consolidation, 000 §2.3). */
export const CONSOL_HOME_PATH = '/BMS/consolidation';

export const isConsolList = (s: string | undefined | null): s is TConsolListKey =>
  !!s && (CONSOL_LIST_KEYS as string[]).includes(s);

/** The dashboard with one list open (search_consolidation is the home itself). */
export const consolListPath = (list: TConsolListKey) =>
  list === 'search_consolidation' ? CONSOL_HOME_PATH : `${CONSOL_HOME_PATH}/${list}`;

export const consolListOf = (searchState: string | undefined): TConsolListKey =>
  isConsolList(searchState) ? searchState : 'search_consolidation';

const under = (from?: TConsolListKey) =>
  from && from !== 'search_consolidation' ? `${CONSOL_HOME_PATH}/${from}` : CONSOL_HOME_PATH;

/** A plan's detail, under the list it was opened from (Back returns there). */
export const consolDetailPath = (consolNo: string, from?: TConsolListKey) =>
  `${under(from)}/consolidation_management/${encodeURIComponent(consolNo)}`;

/**
 * A new plan, optionally prefilled with shipping orders and the containers chosen for them (from
 * pending_consolidation_creation's pick list).
 */
export const consolNewPath = (soNos: string[] = [], equipment?: { size_type: string; qty: number }) => {
  const q = new URLSearchParams();
  if (soNos.length) q.set('so_nos', soNos.join(','));
  if (soNos.length && equipment) {
    q.set('size', equipment.size_type);
    q.set('qty', String(equipment.qty));
  }
  const s = q.toString();
  return `${CONSOL_HOME_PATH}/consolidation_management/new${s ? `?${s}` : ''}`;
};

/** A new plan prefilled from an existing one. */
export const consolCopyPath = (consolNo: string, from?: TConsolListKey) =>
  `${CONSOL_HOME_PATH}/${from ?? 'search_consolidation'}/consolidation_management_copy/${encodeURIComponent(consolNo)}`;

/** A booking's detail reached from a consolidation list. */
export const consolSoPath = (soNo: string, from?: TConsolListKey) =>
  `${CONSOL_HOME_PATH}/${from ?? 'search_consolidation'}/shipping_order/${encodeURIComponent(soNo)}`;
