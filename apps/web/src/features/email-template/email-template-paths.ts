/** Where the e-mail template screens live (000 §2.3 NotificationCenter). */
export const EMAIL_TEMPLATE_LIST_PATH = '/BMS/NotificationCenter/search_email_notification';
/** The detail screen of one template, or of a new one. */
export const emailTemplatePath = (id: string | 'new') => `${EMAIL_TEMPLATE_LIST_PATH}/${id}`;
