/** Where the trade lane screens live (001 §2 Admin maintenance). */
export const TRADELANE_LIST_PATH = '/BMS/tradelane_maintenance';
/** The detail screen of one trade lane, or of a new one. */
export const tradelanePath = (id: number | 'new') => `${TRADELANE_LIST_PATH}/${id}`;
