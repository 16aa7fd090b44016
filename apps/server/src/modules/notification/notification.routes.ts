import fastifyWebsocket from '@fastify/websocket';
import {
  NOTIFICATION_WS_PATH,
  ZAddNotificationRequest,
  ZAvailableEventCodesResponse,
  ZGetNotificationMessageRequest,
  ZGetNotificationMessageResponse,
  ZNotificationSetting,
  ZNotificationSettingParams,
  ZTrueResponse,
  ZUnfollowNotificationRequest,
  ZUpsertNotificationConfigsRequest,
  ZUpsertNotificationMessageRequest,
} from '@portal/contracts';
import type pg from 'pg';
import { loadConfig } from '../../config';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { registerJob } from '../../platform/jobs/job-registry';
import { onShutdown } from '../../platform/lifecycle';
import { dispatchPending } from './notification.dispatch';
import { NotificationHub } from './notification.realtime';
import { notificationService as svc } from './notification.service';

const tags = ['notification'];
/** Any signed-in user with a chosen profile: each call acts on the caller's own messages and settings. */
const own = { access: 'profile' } as const;
const ok = { 200: ZTrueResponse };

/** Safety net: dispatches outbox events no instance took at commit (none listening, a failure). */
export const NOTIFICATION_DISPATCH_JOB = 'notification-dispatch';
registerJob({
  name: NOTIFICATION_DISPATCH_JOB,
  cron: '* * * * *',
  retryLimit: 0,
  run: (ctx) => dispatchPending(ctx.db, { publicBaseUrl: loadConfig().mail.publicBaseUrl, log: ctx.log }),
});

/** The hub of this app instance (tests look at it). */
export let notificationHub: NotificationHub | null = null;

/** Notification centre, settings and following (000 §7), and the WebSocket of ReceiveNotification. */
export const notificationRoutes: ModuleRoutes = async (app, { db, tokens, config }) => {
  // drizzle keeps the pg pool it was built on; the hub holds one connection of it for LISTEN.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const hub = new NotificationHub(db, pool, tokens, config.mail.publicBaseUrl, (m) =>
    app.log.warn(`[notification] ${m}`),
  );
  await hub.start();
  notificationHub = hub;
  // Shutdown (platform/lifecycle): the sockets get the reconnect hint as soon as draining starts, so a
  // load balancer moves them to another instance; app.close() (tests) stops the hub too.
  const off = onShutdown('notification sockets', () => hub.stop(), 'drain');
  app.addHook('preClose', async () => {
    off();
    await hub.stop();
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  app.get(
    NOTIFICATION_WS_PATH,
    // The socket authenticates with its first frame (a browser cannot set headers on a WebSocket, and a
    // token in the URL would land in logs); the hub closes it with 4401 otherwise.
    {
      websocket: true,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'WebSocket of ReceiveNotification (upgrade)',
        description:
          'Send {"type":"Authenticate","token":"<session token>"} first (again after a renewal); the server ' +
          'answers {"type":"Authenticated","exp":…}, then {"type":"ReceiveNotification","message":…} per new ' +
          'message. Closes 4401 on a bad, expired or revoked token; {"type":"Reconnect","retry_ms":…} and ' +
          'close 1001 (going away) when the instance stops. docs/notifications.md "WebSocket protocol".',
      },
    },
    (socket) => hub.accept(socket),
  );

  app.post(
    '/Notification/GetNotificationMessage',
    {
      config: own,
      schema: {
        tags,
        body: ZGetNotificationMessageRequest,
        response: { 200: ZGetNotificationMessageResponse },
      },
    },
    (req) => svc.messages(db, requireActor(req), req.body),
  );

  app.get(
    '/Notification/GetNotificationSetting/:module/:docCode',
    {
      config: own,
      schema: {
        tags,
        description: "docCode '*' answers the module's own setting (the masterSetting screen)",
        params: ZNotificationSettingParams,
        response: { 200: ZNotificationSetting },
      },
    },
    (req) => svc.setting(db, requireActor(req), req.params.module, req.params.docCode),
  );

  app.post(
    '/notification/addNotification',
    { config: own, schema: { tags, body: ZAddNotificationRequest, response: ok } },
    (req) => svc.add(db, requireActor(req), req.body),
  );
  app.post(
    '/unfollowNotification',
    { config: own, schema: { tags, body: ZUnfollowNotificationRequest, response: ok } },
    (req) => svc.unfollow(db, requireActor(req), req.body),
  );
  app.post('/markAllNotificationMessagesAsRead', { config: own, schema: { tags, response: ok } }, (req) =>
    svc.markAllRead(db, requireActor(req)),
  );
  app.post('/deleteAllNotificationMessages', { config: own, schema: { tags, response: ok } }, (req) =>
    svc.deleteAll(db, requireActor(req)),
  );
  app.post(
    '/upsertNotificationMessage',
    { config: own, schema: { tags, body: ZUpsertNotificationMessageRequest, response: ok } },
    (req) => svc.updateMessage(db, requireActor(req), req.body),
  );
  app.post(
    '/upsertNotificationConfigs',
    { config: own, schema: { tags, body: ZUpsertNotificationConfigsRequest, response: ok } },
    (req) => svc.upsertConfigs(db, requireActor(req), req.body),
  );
  app.get(
    '/getUserProfileAvailableEventCodes',
    { config: own, schema: { tags, response: { 200: ZAvailableEventCodesResponse } } },
    (req) => svc.availableEventCodes(requireActor(req)),
  );
};
