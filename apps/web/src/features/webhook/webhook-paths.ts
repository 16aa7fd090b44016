/** Where the webhook screens live (admin). */
export const WEBHOOK_LIST_PATH = '/BMS/webhook_maintenance';
/** The detail screen of one endpoint, or of a new one. */
export const webhookPath = (id: string | 'new') => `${WEBHOOK_LIST_PATH}/${id}`;
