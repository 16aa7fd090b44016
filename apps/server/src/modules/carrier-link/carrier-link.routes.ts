import {
  CARRIER_NOTIFY_PATHS,
  NO_CONTENT_RESPONSE,
  type TCarrierExchangeKind,
  ZCarrierConnection,
  ZCarrierConnectionParams,
  ZCarrierConnectionSave,
  ZCarrierConnectionTestResult,
  ZCarrierNotifyParams,
  ZDcsaErrorResponse,
} from '@portal/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { carrierAddressPolicy } from './carrier-link.client';
import { dcsaError, receiveNotification } from './carrier-link.inbound';
import { setCarrierLinkJobConfig } from './carrier-link.outbox';
import { checkSecretsKey } from './carrier-link.secrets';
import { carrierLinkService } from './carrier-link.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['carrier-link'];

/** Largest notification body taken (a full transport document is a few hundred KB at most). */
const NOTIFY_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Live carrier connectivity (issue 42; docs/carrier-link.md): the connection an administrator keeps on carrier
 * maintenance, and the consumer endpoints the DCSA descriptions name, one set per carrier, where carriers post
 * their notifications (public: the carrier authenticates with the connection's bearer secret).
 */
export const carrierLinkRoutes: ModuleRoutes = async (app, { db, config }) => {
  carrierAddressPolicy.configure(config.carrierLink.allowPrivate);
  setCarrierLinkJobConfig(config);
  checkSecretsKey(config);

  app.get(
    '/Carrier/:id/connection',
    {
      config: admin,
      schema: { tags, params: ZCarrierConnectionParams, response: { 200: ZCarrierConnection } },
    },
    async (req) => carrierLinkService.getConnection(db, config, req.params.id),
  );

  app.put(
    '/Carrier/:id/connection',
    {
      config: admin,
      schema: {
        tags,
        params: ZCarrierConnectionParams,
        body: ZCarrierConnectionSave,
        response: { 200: ZCarrierConnection },
      },
    },
    async (req) => carrierLinkService.saveConnection(db, config, requireActor(req), req.params.id, req.body),
  );

  app.post(
    '/Carrier/:id/connection/test',
    {
      config: admin,
      schema: { tags, params: ZCarrierConnectionParams, response: { 200: ZCarrierConnectionTestResult } },
    },
    async (req) => carrierLinkService.testConnection(db, config, req.params.id),
  );

  // The notification endpoints take the body as text: every refusal (not JSON included) answers in DCSA's
  // ErrorResponse shape, which the app's own parser errors would not.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    // A refusal before the handler (a path with a NUL, a carrier code too long) answers in DCSA's shape too:
    // the app's own error shape would not match the routes' declared 400 answer (a 500 when serialised).
    scope.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
      if (err.statusCode !== 400) throw err;
      const answer = dcsaError(400, { url: req.url, requestId: String(req.id) }, [
        { errorCodeText: 'Bad Request', errorCodeMessage: err.message || 'the request is not valid' },
      ]);
      return reply.status(400).send('body' in answer ? answer.body : undefined);
    });
    const routes: [TCarrierExchangeKind, string][] = [
      ['BOOKING', CARRIER_NOTIFY_PATHS.booking],
      ['SI', CARRIER_NOTIFY_PATHS.shipping_instructions],
      ['TD', CARRIER_NOTIFY_PATHS.transport_document],
    ];
    for (const [kind, path] of routes)
      scope.post(
        `/carrier-link/:carrierCode${path}`,
        {
          config: {
            access: 'public',
            // Per client address and carrier: a carrier's bursts do not eat another's allowance.
            rateLimit: {
              max: config.carrierLink.notifyPerMinute,
              timeWindow: 60_000,
              // The code as a carrier code can be (letters and digits): the counter key is stored in the database.
              keyGenerator: (r) =>
                `carrier-notify:${r.ip}:${String((r.params as { carrierCode?: unknown }).carrierCode ?? '')
                  .toUpperCase()
                  .replace(/[^A-Z0-9]/g, '')
                  .slice(0, 10)}`,
            },
          },
          schema: {
            tags,
            params: ZCarrierNotifyParams,
            response: {
              204: NO_CONTENT_RESPONSE,
              400: ZDcsaErrorResponse,
              401: ZDcsaErrorResponse,
              404: ZDcsaErrorResponse,
            },
          },
        },
        async (req, reply) => {
          const answer = await receiveNotification(db, config, {
            carrierCode: req.params.carrierCode,
            kind,
            authorization: req.headers.authorization,
            rawBody: typeof req.body === 'string' ? req.body : '',
            url: req.url,
            requestId: String(req.id),
            log: (fields, message) => req.log.warn(fields, message),
          });
          if (answer.status === 204) return reply.status(204).send();
          return reply.status(answer.status).send(answer.body);
        },
      );
  });
};
