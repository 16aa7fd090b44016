/** Where the system notice screens live (001 §2 Admin sys_notice_maintenance). */
export const SYS_NOTICE_LIST_PATH = '/BMS/sys_notice_maintenance';
/** The detail screen of one notice, or of a new one. */
export const sysNoticePath = (uid: string | 'new') => `${SYS_NOTICE_LIST_PATH}/${uid}`;
