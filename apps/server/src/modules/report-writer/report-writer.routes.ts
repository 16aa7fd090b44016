import {
  EXCEL_FILE_RESPONSE,
  NO_CONTENT_RESPONSE,
  ZRwDatasetsResponse,
  ZRwDefinition,
  ZRwExportQuery,
  ZRwIdParams,
  ZRwListQuery,
  ZRwListResponse,
  ZRwQuery,
  ZRwReport,
  ZRwResult,
  ZRwSendBody,
  ZRwSendResponse,
  ZRwUpdate,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { registerReportWriterJob } from './report-writer.jobs';
import { reportWriterService as service } from './report-writer.service';

const rw = { access: { funcId: 'm_rw_search' } } as const;
const tags = ['report-writer'];

/**
 * Report writer (issue 17, 000 §2.3 [m_rw_search]; docs/report-writer.md) under /api/v1/ReportWriter: the
 * datasets, saved reports (mine + shared with my office), preview, run, Excel export and e-mail.
 */
export const reportWriterRoutes: ModuleRoutes = (app, { db, config }) => {
  service.configure(config.reportWriter);
  registerReportWriterJob(config.reportWriter.cron);

  app.get(
    '/ReportWriter/datasets',
    { config: rw, schema: { tags, response: { 200: ZRwDatasetsResponse } } },
    async (req) => service.datasets(requireActor(req)),
  );

  app.get(
    '/ReportWriter/reports',
    { config: rw, schema: { tags, querystring: ZRwListQuery, response: { 200: ZRwListResponse } } },
    async (req) => service.list(db, requireActor(req), req.query),
  );

  app.post(
    '/ReportWriter/reports',
    { config: rw, schema: { tags, body: ZRwDefinition, response: { 201: ZRwReport } } },
    async (req, reply) => reply.status(201).send(await service.create(db, requireActor(req), req.body)),
  );

  app.get(
    '/ReportWriter/reports/:id',
    { config: rw, schema: { tags, params: ZRwIdParams, response: { 200: ZRwReport } } },
    async (req) => service.get(db, requireActor(req), req.params.id),
  );

  app.put(
    '/ReportWriter/reports/:id',
    { config: rw, schema: { tags, params: ZRwIdParams, body: ZRwUpdate, response: { 200: ZRwReport } } },
    async (req) => {
      const { version, ...input } = req.body;
      return service.update(db, requireActor(req), req.params.id, input, version);
    },
  );

  app.delete(
    '/ReportWriter/reports/:id',
    { config: rw, schema: { tags, params: ZRwIdParams, response: { 204: NO_CONTENT_RESPONSE } } },
    async (req, reply) => {
      await service.remove(db, requireActor(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/ReportWriter/preview',
    { config: rw, schema: { tags, body: ZRwQuery, response: { 200: ZRwResult } } },
    async (req) => service.preview(db, requireActor(req), req.body),
  );

  app.post(
    '/ReportWriter/reports/:id/run',
    { config: rw, schema: { tags, params: ZRwIdParams, response: { 200: ZRwResult } } },
    async (req) => service.run(db, requireActor(req), req.params.id),
  );

  app.get(
    '/ReportWriter/reports/:id/export',
    {
      config: rw,
      schema: {
        tags,
        params: ZRwIdParams,
        querystring: ZRwExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const today = new Date().toISOString().slice(0, 10);
      const r = await service.export(db, requireActor(req), req.params.id, requestLanguage(req), today);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(r.fileName)}`)
        .header('cache-control', 'no-store')
        .send(r.content);
    },
  );

  app.post(
    '/ReportWriter/reports/:id/send',
    {
      config: rw,
      schema: { tags, params: ZRwIdParams, body: ZRwSendBody, response: { 200: ZRwSendResponse } },
    },
    async (req) => service.send(db, requireActor(req), req.params.id, req.body?.recipients),
  );
};
