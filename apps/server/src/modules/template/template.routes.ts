import {
  ZApplyToInvoiceResponse,
  ZCreateTemplateRequest,
  ZTemplate,
  ZTemplateApplyParams,
  ZTemplateFavouriteResponse,
  ZTemplateIdParams,
  ZTemplateSearchQuery,
  ZTemplateSearchResponse,
  ZTemplateShareParams,
  ZTemplateShareResponse,
  ZUpdateTemplateRequest,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import { requireActor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import type { ModuleRoutes } from '../../platform/http/types';
import { presentSummary, presentTemplate } from './template.presenter';
import { templateService as service } from './template.service';
import { applyToInvoice } from './template-apply';

const view = { access: { funcId: 'tmplib_base' } } as const;
const edit = { access: { funcId: 'tmplib_edit' } } as const;
const tags = ['template'];

/** The web path that accepts a share code (000 §2.3). */
export const addTemplatePath = (code: string) => `/TMPLIB/AddTemplate/${code}`;

async function detail(db: Db, actor: Actor, id: number) {
  const { view: v, lines, viewer } = await service.get(db, actor, id);
  return presentTemplate(v, lines, viewer);
}

/** Template library (002 §2–§6): reading needs `tmplib_base`, creating and editing `tmplib_edit`. */
export const templateRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Template',
    {
      config: view,
      schema: { tags, querystring: ZTemplateSearchQuery, response: { 200: ZTemplateSearchResponse } },
    },
    async (req) => {
      const page = await service.search(db, requireActor(req), req.query);
      return { rows: page.rows.map((r) => presentSummary(r, page.viewer)), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/Template/:tmplib_id',
    { config: view, schema: { tags, params: ZTemplateIdParams, response: { 200: ZTemplate } } },
    async (req) => detail(db, requireActor(req), req.params.tmplib_id),
  );

  app.post(
    '/Template',
    { config: edit, schema: { tags, body: ZCreateTemplateRequest, response: { 201: ZTemplate } } },
    async (req, reply) => {
      const actor = requireActor(req);
      const row = await service.create({ db, actor, input: req.body });
      return reply.status(201).send(await detail(db, actor, row.tmplib_id));
    },
  );

  app.put(
    '/Template/:tmplib_id',
    {
      config: edit,
      schema: { tags, params: ZTemplateIdParams, body: ZUpdateTemplateRequest, response: { 200: ZTemplate } },
    },
    async (req) => {
      const actor = requireActor(req);
      const { version, ...input } = req.body;
      await service.update({ db, actor, id: req.params.tmplib_id, input, version });
      return detail(db, actor, req.params.tmplib_id);
    },
  );

  app.post(
    '/Template/:tmplib_id/favourite',
    {
      config: view,
      schema: { tags, params: ZTemplateIdParams, response: { 200: ZTemplateFavouriteResponse } },
    },
    async (req) => ({
      is_favourite: await service.toggleFavourite(db, requireActor(req), req.params.tmplib_id),
    }),
  );

  app.get(
    '/Template/:tmplib_id/share',
    { config: view, schema: { tags, params: ZTemplateIdParams, response: { 200: ZTemplateShareResponse } } },
    async (req) => {
      const code = await service.share(db, requireActor(req), req.params.tmplib_id);
      return { share_code: code, path: addTemplatePath(code) };
    },
  );

  app.post(
    '/Template/AddTemplate/:share_code',
    { config: view, schema: { tags, params: ZTemplateShareParams, response: { 200: ZTemplate } } },
    async (req) => {
      const actor = requireActor(req);
      const row = await service.addFromShareCode(db, actor, req.params.share_code);
      return detail(db, actor, row.tmplib_id);
    },
  );

  app.post(
    '/Template/:tmplib_id/add',
    { config: view, schema: { tags, params: ZTemplateIdParams, response: { 200: ZTemplate } } },
    async (req) => {
      const actor = requireActor(req);
      await service.addVisible(db, actor, req.params.tmplib_id);
      return detail(db, actor, req.params.tmplib_id);
    },
  );

  app.post(
    '/Template/:tmplib_id/acknowledge',
    { config: view, schema: { tags, params: ZTemplateIdParams, response: { 200: ZTemplate } } },
    async (req) => {
      const actor = requireActor(req);
      await service.acknowledge(db, actor, req.params.tmplib_id);
      return detail(db, actor, req.params.tmplib_id);
    },
  );

  app.post(
    '/Template/:tmplib_id/apply-to-invoice/:inv_id',
    {
      config: view,
      schema: { tags, params: ZTemplateApplyParams, response: { 200: ZApplyToInvoiceResponse } },
    },
    async (req) => applyToInvoice(db, requireActor(req), req.params.tmplib_id, req.params.inv_id),
  );
};
