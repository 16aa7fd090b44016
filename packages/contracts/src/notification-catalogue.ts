// Notification constants without zod (issue 20: the header's bell and socket load them on every screen without
// the schemas). notification.ts re-exports everything here.

/** Default and allowed page sizes of the notification list (000 §9). */
export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_READ_FILTERS = ['All', 'Unread'] as const;
/** doc_code of a module's own setting row (the masterSetting screen); other rows are per document. */
export const NOTIFICATION_MODULE_DOC = '*';
/** WebSocket path (under /api/v1) and the events it carries. */
export const NOTIFICATION_WS_PATH = '/notification/ws';

/**
 * Close codes the server uses: 4401 no/invalid/expired/revoked token (sign in again); 1001 "going away" when the
 * instance stops (RFC 6455 §7.4.1: "a server going down"; 1012 "service restart" is only IANA-registered and
 * promises the same server back, which a scaled-in instance is not). The web client reconnects after either.
 */
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_CLOSE_GOING_AWAY = 1001;
