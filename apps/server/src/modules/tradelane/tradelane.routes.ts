import {
  EXCEL_FILE_RESPONSE,
  ZCreateTradelaneRequest,
  ZStatusHistoryResponse,
  ZTradelane,
  ZTradelaneExportQuery,
  ZTradelaneIdParams,
  ZTradelaneListResponse,
  ZUpdateTradelaneRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { tradelaneExportColumns } from './tradelane.export';
import { presentTradelane } from './tradelane.presenter';
import { tradelaneService } from './tradelane.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['tradelane'];

/** Trade lane maintenance (001 §2 Admin tradelane_maintenance), guarded by `admin`. */
export const tradelaneRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Tradelane',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZTradelaneExportQuery,
        response: { 200: ZTradelaneListResponse },
      },
    },
    async (req) => {
      const page = await tradelaneService.list(db, req.query, requestLanguage(req));
      return { ...page, rows: page.rows.map(presentTradelane) };
    },
  );

  app.get(
    '/Tradelane/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZTradelaneExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const lang = requestLanguage(req);
      const rows = await tradelaneService.exportRows(db, req.query, lang);
      return sendExcel(reply, {
        fileName: `tradelanes-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Trade lanes',
        columns: tradelaneExportColumns(lang),
        rows,
      });
    },
  );

  app.get(
    '/Tradelane/:tradelane_id',
    { config: admin, schema: { tags, params: ZTradelaneIdParams, response: { 200: ZTradelane } } },
    async (req) =>
      presentTradelane(await tradelaneService.get(db, req.params.tradelane_id, requestLanguage(req))),
  );

  app.get(
    '/Tradelane/:tradelane_id/history',
    {
      config: admin,
      schema: { tags, params: ZTradelaneIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await tradelaneService.get(db, req.params.tradelane_id);
      return tradelaneService.history(db, req.params.tradelane_id);
    },
  );

  app.post(
    '/Tradelane',
    { config: admin, schema: { tags, body: ZCreateTradelaneRequest, response: { 201: ZTradelane } } },
    async (req, reply) => {
      const row = await tradelaneService.create({
        db,
        input: req.body,
        actor: requireActor(req),
        lang: requestLanguage(req),
      });
      return reply.status(201).send(presentTradelane(row));
    },
  );

  app.put(
    '/Tradelane/:tradelane_id',
    {
      config: admin,
      schema: {
        tags,
        params: ZTradelaneIdParams,
        body: ZUpdateTradelaneRequest,
        response: { 200: ZTradelane },
      },
    },
    async (req) =>
      presentTradelane(
        await tradelaneService.update({
          db,
          id: req.params.tradelane_id,
          input: req.body,
          actor: requireActor(req),
          lang: requestLanguage(req),
        }),
      ),
  );
};
