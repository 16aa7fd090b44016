/** The notification settings screen (000 §2.2). */
export const MASTER_SETTING_PATH = '/BMS/Notification/masterSetting';
