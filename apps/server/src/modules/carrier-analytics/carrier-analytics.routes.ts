import {
  NO_CONTENT_RESPONSE,
  ZCarrierContract,
  ZCarrierContractIdParams,
  ZCarrierContractInput,
  ZCarrierContractList,
  ZCarrierContractListQuery,
  ZCarrierContractUpdate,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { registerCarrierPages } from './carrier-analytics.pages';
import { registerCarrierAnalyticsHooks } from './carrier-analytics.refresh';
import { carrierContractService as service } from './carrier-analytics.service';

/** Contracts are master data: maintained by administrators, like carriers themselves. */
const admin = { access: { funcId: 'admin' } } as const;
const tags = ['carrier-analytics'];

/**
 * Carrier analytics (issue 17): the CarrierPerformance(+Summary) and CarrierMQC(+Shapiro) pages, the
 * roll-over hook and the actuals job, and the carrier contract (MQC) maintenance under /CarrierContract.
 */
export const carrierAnalyticsRoutes: ModuleRoutes = (app, { db }) => {
  registerCarrierAnalyticsHooks();
  registerCarrierPages();

  app.get(
    '/CarrierContract',
    {
      config: admin,
      schema: { tags, querystring: ZCarrierContractListQuery, response: { 200: ZCarrierContractList } },
    },
    async (req) => service.list(db, req.query),
  );
  app.get(
    '/CarrierContract/:id',
    {
      config: admin,
      schema: { tags, params: ZCarrierContractIdParams, response: { 200: ZCarrierContract } },
    },
    async (req) => service.get(db, req.params.id),
  );
  app.post(
    '/CarrierContract',
    { config: admin, schema: { tags, body: ZCarrierContractInput, response: { 201: ZCarrierContract } } },
    async (req, reply) => reply.code(201).send(await service.create(db, req.body, requireActor(req))),
  );
  app.put(
    '/CarrierContract/:id',
    {
      config: admin,
      schema: {
        tags,
        params: ZCarrierContractIdParams,
        body: ZCarrierContractUpdate,
        response: { 200: ZCarrierContract },
      },
    },
    async (req) => service.update(db, req.params.id, req.body, requireActor(req)),
  );
  app.delete(
    '/CarrierContract/:id',
    {
      config: admin,
      schema: { tags, params: ZCarrierContractIdParams, response: { 204: NO_CONTENT_RESPONSE } },
    },
    async (req, reply) => {
      await service.remove(db, req.params.id);
      return reply.code(204).send();
    },
  );
};
