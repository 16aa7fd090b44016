import { NOTIFICATION_MODULES, type TNotificationMessage, type TNotificationModule } from '@portal/contracts';
import type { MessageRow } from './notification.repository';

const moduleOf = (m: string): TNotificationModule =>
  (NOTIFICATION_MODULES as readonly string[]).includes(m) ? (m as TNotificationModule) : 'booking';

/** A message as the centre and the socket show it: never the owner or the outbox internals. */
export const presentMessage = (r: MessageRow): TNotificationMessage => ({
  message_id: r.message_id,
  guid: r.guid,
  module: moduleOf(r.module),
  sub_module: r.sub_module,
  doc_code: r.doc_code,
  event_code: r.event_code,
  desc_key: r.desc_key,
  desc_param: r.desc_param,
  href: r.href,
  is_read: r.is_read,
  message_dt: new Date(r.message_dt).toISOString(),
  removed: r.removed,
});
