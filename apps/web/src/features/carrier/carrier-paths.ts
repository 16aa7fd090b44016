/** Where the carrier screens live (001 §2 Admin maintenance). */
export const CARRIER_LIST_PATH = '/BMS/carrier_maintenance';
/** The detail screen of one carrier, or of a new one. */
export const carrierPath = (id: number | 'new') => `${CARRIER_LIST_PATH}/${id}`;
