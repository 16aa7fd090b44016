/** Where the rate screens live (001 §2 Admin maintenance). */
export const RATE_LIST_PATH = '/BMS/rate_maintenance';
/** The detail screen of one rate by its source key, or of a new one. */
export const ratePath = (sourceKey: string) => `${RATE_LIST_PATH}/${encodeURIComponent(sourceKey)}`;
