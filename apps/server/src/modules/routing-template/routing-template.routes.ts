import {
  EXCEL_FILE_RESPONSE,
  ZCreateRoutingTemplateRequest,
  ZRoutingTemplate,
  ZRoutingTemplateExportQuery,
  ZRoutingTemplateIdParams,
  ZRoutingTemplateListQuery,
  ZRoutingTemplateListResponse,
  ZStatusHistoryResponse,
  ZUpdateRoutingTemplateRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { routingTemplateExportColumns } from './routing-template.export';
import { presentRoutingTemplate } from './routing-template.presenter';
import { routingTemplateService as service } from './routing-template.service';

const view = { access: { funcId: 'routing_template' } } as const;
const edit = { access: { funcId: 'create_routing_template' } } as const;
const tags = ['routing-template'];

/** Routing templates (002 §2, §3): viewing needs `routing_template`, creating and editing `create_routing_template`. */
export const routingTemplateRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/RoutingTemplate',
    {
      config: view,
      schema: {
        tags,
        querystring: ZRoutingTemplateListQuery,
        response: { 200: ZRoutingTemplateListResponse },
      },
    },
    async (req) => {
      const page = await service.list(db, req.query);
      return { ...page, rows: page.rows.map(presentRoutingTemplate) };
    },
  );

  app.get(
    '/RoutingTemplate/export',
    {
      config: view,
      schema: {
        tags,
        querystring: ZRoutingTemplateExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await service.exportRows(db, req.query);
      return sendExcel(reply, {
        fileName: `routing-templates-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Routing templates',
        columns: routingTemplateExportColumns(requestLanguage(req)),
        rows: rows.map(presentRoutingTemplate),
      });
    },
  );

  app.get(
    '/RoutingTemplate/:routing_template_id',
    { config: view, schema: { tags, params: ZRoutingTemplateIdParams, response: { 200: ZRoutingTemplate } } },
    async (req) => presentRoutingTemplate(await service.get(db, req.params.routing_template_id)),
  );

  app.get(
    '/RoutingTemplate/:routing_template_id/history',
    {
      config: view,
      schema: { tags, params: ZRoutingTemplateIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await service.get(db, req.params.routing_template_id);
      return service.history(db, req.params.routing_template_id);
    },
  );

  app.post(
    '/RoutingTemplate',
    {
      config: edit,
      schema: { tags, body: ZCreateRoutingTemplateRequest, response: { 201: ZRoutingTemplate } },
    },
    async (req, reply) => {
      const row = await service.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentRoutingTemplate(await service.get(db, row.routing_template_id)));
    },
  );

  app.put(
    '/RoutingTemplate/:routing_template_id',
    {
      config: edit,
      schema: {
        tags,
        params: ZRoutingTemplateIdParams,
        body: ZUpdateRoutingTemplateRequest,
        response: { 200: ZRoutingTemplate },
      },
    },
    async (req) => {
      const id = req.params.routing_template_id;
      await service.update({ db, id, input: req.body, actor: requireActor(req) });
      return presentRoutingTemplate(await service.get(db, id));
    },
  );
};
