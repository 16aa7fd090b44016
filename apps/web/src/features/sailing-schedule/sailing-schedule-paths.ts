/** Where the sailing schedule screens live (001 §2 Admin maintenance). */
export const SAILING_LIST_PATH = '/BMS/sailing_schedule_maintenance';
/** The detail screen of one sailing, or of a new one. */
export const sailingPath = (id: number | 'new') => `${SAILING_LIST_PATH}/${id}`;
