/** Where the user maintenance screens live (001 §2 Admin user_maintenance). */
export const USER_LIST_PATH = '/BMS/user_maintenance';
/** The detail screen of one user, or of a new one. */
export const userPath = (uid: string | 'new') => `${USER_LIST_PATH}/${uid}`;
