import {
  EXCEL_FILE_RESPONSE,
  ZCreateRateRequest,
  ZRate,
  ZRateExportQuery,
  ZRateKeyParams,
  ZRateListQuery,
  ZRateListResponse,
  ZRateQuoteRequest,
  ZRateQuoteResponse,
  ZStatusHistoryResponse,
  ZUpdateRateRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { rateExportColumns } from './rate.export';
import { rateService as service } from './rate.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['rate'];

/** Rate maintenance (001 §2 Admin rate_maintenance/{source_key}), guarded by `admin`. */
export const rateRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Rate',
    { config: admin, schema: { tags, querystring: ZRateListQuery, response: { 200: ZRateListResponse } } },
    async (req) => service.list(db, req.query),
  );

  app.get(
    '/Rate/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZRateExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await service.exportRows(db, req.query);
      return sendExcel(reply, {
        fileName: `rates-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Rates',
        columns: rateExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.post(
    '/Rate/quote',
    { config: admin, schema: { tags, body: ZRateQuoteRequest, response: { 200: ZRateQuoteResponse } } },
    async (req) => ({ rows: await service.quote(db, req.body) }),
  );

  app.get(
    '/Rate/:source_key',
    { config: admin, schema: { tags, params: ZRateKeyParams, response: { 200: ZRate } } },
    async (req) => service.get(db, req.params.source_key),
  );

  app.get(
    '/Rate/:source_key/history',
    { config: admin, schema: { tags, params: ZRateKeyParams, response: { 200: ZStatusHistoryResponse } } },
    async (req) => service.history(db, req.params.source_key),
  );

  app.post(
    '/Rate',
    { config: admin, schema: { tags, body: ZCreateRateRequest, response: { 201: ZRate } } },
    async (req, reply) =>
      reply.status(201).send(await service.create({ db, input: req.body, actor: requireActor(req) })),
  );

  app.put(
    '/Rate/:source_key',
    {
      config: admin,
      schema: { tags, params: ZRateKeyParams, body: ZUpdateRateRequest, response: { 200: ZRate } },
    },
    async (req) =>
      service.update({ db, sourceKey: req.params.source_key, input: req.body, actor: requireActor(req) }),
  );
};
