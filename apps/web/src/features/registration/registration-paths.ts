/** The registration administration list (001 §2 Admin user_registration_maintenance). */
export const REGISTRATION_LIST_PATH = '/BMS/user_registration_maintenance';
/** The detail of one registration. */
export const registrationPath = (id: number | string) => `${REGISTRATION_LIST_PATH}/${id}`;
