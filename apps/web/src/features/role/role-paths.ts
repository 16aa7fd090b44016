/** Where the role catalogue screens live. */
export const ROLE_LIST_PATH = '/BMS/role_maintenance';
/** The detail screen of one role, or of a new one. */
export const rolePath = (id: number | 'new') => `${ROLE_LIST_PATH}/${id}`;
