import {
  ZCreateExchangeRateRequest,
  ZExchangeRate,
  ZExchangeRateIdParams,
  ZExchangeRateListQuery,
  ZExchangeRateListResponse,
  ZExchangeRateLookup,
  ZExchangeRateLookupQuery,
  ZExchangeRateSaved,
  ZStatusHistoryResponse,
  ZUpdateExchangeRateRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { presentExchangeRate } from './exchange-rate.presenter';
import { exchangeRateService } from './exchange-rate.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['exchange-rate'];

/** Exchange rates: maintenance under Admin (`admin`); the lookup for invoice forms (`inv_edit`). */
export const exchangeRateRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/ExchangeRate',
    {
      config: admin,
      schema: { tags, querystring: ZExchangeRateListQuery, response: { 200: ZExchangeRateListResponse } },
    },
    async (req) => {
      const page = await exchangeRateService.list(db, req.query);
      return { ...page, rows: page.rows.map(presentExchangeRate) };
    },
  );

  app.get(
    '/ExchangeRate/lookup',
    {
      config: { access: { funcId: 'inv_edit' } },
      schema: { tags, querystring: ZExchangeRateLookupQuery, response: { 200: ZExchangeRateLookup } },
    },
    async (req) => exchangeRateService.lookup(db, req.query),
  );

  app.get(
    '/ExchangeRate/:id',
    { config: admin, schema: { tags, params: ZExchangeRateIdParams, response: { 200: ZExchangeRate } } },
    async (req) => presentExchangeRate(await exchangeRateService.get(db, req.params.id)),
  );

  app.get(
    '/ExchangeRate/:id/history',
    {
      config: admin,
      schema: { tags, params: ZExchangeRateIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await exchangeRateService.get(db, req.params.id);
      return exchangeRateService.history(db, req.params.id);
    },
  );

  app.post(
    '/ExchangeRate',
    {
      config: admin,
      schema: { tags, body: ZCreateExchangeRateRequest, response: { 201: ZExchangeRateSaved } },
    },
    async (req, reply) => {
      const { row, message } = await exchangeRateService.create({
        db,
        input: req.body,
        actor: requireActor(req),
      });
      return reply.status(201).send({ ...presentExchangeRate(row), message });
    },
  );

  app.put(
    '/ExchangeRate/:id',
    {
      config: admin,
      schema: {
        tags,
        params: ZExchangeRateIdParams,
        body: ZUpdateExchangeRateRequest,
        response: { 200: ZExchangeRateSaved },
      },
    },
    async (req) => {
      const { row, message } = await exchangeRateService.update({
        db,
        id: req.params.id,
        rate: req.body.rate,
        version: req.body.version,
        actor: requireActor(req),
      });
      return { ...presentExchangeRate(row), message };
    },
  );
};
