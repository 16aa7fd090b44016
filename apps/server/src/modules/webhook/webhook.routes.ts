import {
  ZCreateWebhookEndpointRequest,
  ZStatusHistoryResponse,
  ZUpdateWebhookEndpointRequest,
  ZWebhookDeliveryListQuery,
  ZWebhookDeliveryListResponse,
  ZWebhookDeliveryRecord,
  ZWebhookEndpointIdParams,
  ZWebhookEndpointListQuery,
  ZWebhookEndpointListResponse,
  ZWebhookEndpointRecord,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { presentWebhookDelivery, presentWebhookEndpoint } from './webhook.presenter';
import { configureWebhooks, webhookService } from './webhook.service';
import { configureWebhookAllowList } from './webhook-address';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['webhook'];

/** What a receiver gets and how it checks the signature: shown in the API docs (docs/notifications.md). */
const DELIVERY_DOC = `Each event about a document the endpoint's party is on is POSTed to the endpoint as JSON:
{ delivery_id, event_id, event_code, module, sub_module, doc_code, documents: { so_no, … }, party_code,
occurred_at (ISO), link (absolute URL of the document), test }. Headers: X-Portal-Signature =
"sha256=" + hex HMAC-SHA256 of the raw body keyed with the endpoint's secret; X-Portal-Event = the event
code; X-Portal-Delivery = the delivery id (the same on retries). Check: compute the HMAC over the raw bytes
received and compare with a constant-time comparison. Any 2xx within 10 s accepts; otherwise the delivery is
retried after 30 s, 1 min, 2 min … (doubling, at most 1 h apart) for 24 h, then marked failed.`;

/** Webhook endpoints of customer parties and their delivery log, guarded by `admin`. */
export const webhookRoutes: ModuleRoutes = (app, { db, config }) => {
  configureWebhooks(config.mail.publicBaseUrl);
  configureWebhookAllowList(config.webhookAllowPrivate);

  app.get(
    '/Webhook',
    {
      config: admin,
      schema: {
        tags,
        description: DELIVERY_DOC,
        querystring: ZWebhookEndpointListQuery,
        response: { 200: ZWebhookEndpointListResponse },
      },
    },
    async (req) => {
      const page = await webhookService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentWebhookEndpoint) };
    },
  );

  app.get(
    '/Webhook/:id',
    {
      config: admin,
      schema: { tags, params: ZWebhookEndpointIdParams, response: { 200: ZWebhookEndpointRecord } },
    },
    async (req) => presentWebhookEndpoint(await webhookService.get(db, req.params.id)),
  );

  app.get(
    '/Webhook/:id/history',
    {
      config: admin,
      schema: { tags, params: ZWebhookEndpointIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await webhookService.get(db, req.params.id);
      return webhookService.history(db, req.params.id);
    },
  );

  app.post(
    '/Webhook',
    {
      config: admin,
      schema: {
        tags,
        description: DELIVERY_DOC,
        body: ZCreateWebhookEndpointRequest,
        response: { 201: ZWebhookEndpointRecord },
      },
    },
    async (req, reply) => {
      const row = await webhookService.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentWebhookEndpoint(row));
    },
  );

  app.put(
    '/Webhook/:id',
    {
      config: admin,
      schema: {
        tags,
        params: ZWebhookEndpointIdParams,
        body: ZUpdateWebhookEndpointRequest,
        response: { 200: ZWebhookEndpointRecord },
      },
    },
    async (req) =>
      presentWebhookEndpoint(
        await webhookService.update({ db, id: req.params.id, input: req.body, actor: requireActor(req) }),
      ),
  );

  app.get(
    '/Webhook/:id/deliveries',
    {
      config: admin,
      schema: {
        tags,
        params: ZWebhookEndpointIdParams,
        querystring: ZWebhookDeliveryListQuery,
        response: { 200: ZWebhookDeliveryListResponse },
      },
    },
    async (req) => {
      const page = await webhookService.deliveries(db, req.params.id, req.query);
      return { ...page, rows: page.rows.map(presentWebhookDelivery) };
    },
  );

  app.post(
    '/Webhook/:id/test',
    {
      config: admin,
      schema: {
        tags,
        description: `Sends a WEBHOOK_TEST event now and answers its log line. ${DELIVERY_DOC}`,
        params: ZWebhookEndpointIdParams,
        response: { 200: ZWebhookDeliveryRecord },
      },
    },
    async (req) => presentWebhookDelivery(await webhookService.sendTest({ db, id: req.params.id })),
  );
};
