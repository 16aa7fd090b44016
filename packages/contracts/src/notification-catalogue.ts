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

/**
 * Documents that update themselves (issue 39, docs/notifications.md "Live documents"): an open screen watches
 * one document over the notification socket (`Watch` frame, kind + doc_code as the notification catalogue names
 * them: SO#, plan no., master BL no., invoice id); the server checks the user may see it, and every event of
 * that document's kind and number then sends `DocumentChanged`, whoever the event's recipients are.
 */
export const LIVE_DOCUMENT_KINDS = ['booking', 'consolidation', 'master_bl', 'invoice'] as const;
export type TLiveDocumentKind = (typeof LIVE_DOCUMENT_KINDS)[number];
/** The live kind of a notification module's events (a booking approval event is about the booking). */
export const LIVE_KIND_OF_MODULE: Readonly<Record<string, TLiveDocumentKind>> = {
  booking: 'booking',
  booking_approval: 'booking',
  consolidation: 'consolidation',
  master_bl: 'master_bl',
  invoice: 'invoice',
};
/** How many documents one socket may watch at once (the oldest watch is dropped beyond it). */
export const LIVE_WATCH_MAX = 20;
