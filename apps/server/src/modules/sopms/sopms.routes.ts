import {
  ZCreateSopmsTemplateRequest,
  ZInvoiceIdParams,
  ZSopmsCheckRequest,
  ZSopmsCheckResult,
  ZSopmsIdParams,
  ZSopmsListQuery,
  ZSopmsListResponse,
  ZSopmsOverrideRequest,
  ZSopmsSectionParams,
  ZSopmsTemplate,
  ZStatusHistoryResponse,
  ZUpdateSopmsTemplateRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { registerInvoiceStepCheck } from '../invoice';
import { presentSopmsRow, presentSopmsTemplate } from './sopms.presenter';
import { sopmsService as service } from './sopms.service';

const view = { access: { funcId: 'sopms_base' } } as const;
const edit = { access: { funcId: 'sopms_edit' } } as const;
// The check and the override read an invoice: its side's function is checked in the service.
const profile = { access: 'profile' } as const;
const tags = ['sopms'];

/** SOPMS validation templates (issue 16): sopms_base reads, sopms_edit creates and (owner) edits. */
export const sopmsRoutes: ModuleRoutes = (app, { db }) => {
  // Every invoice save, prepare and approval runs the SOPMS check (modules/invoice/invoice-step-checks.ts).
  registerInvoiceStepCheck('sopms', (tx, o) => service.checkStep(tx, o));

  app.get(
    '/SOPMS/SOPMSSearch/:section_code',
    {
      config: view,
      schema: {
        tags,
        params: ZSopmsSectionParams,
        querystring: ZSopmsListQuery,
        response: { 200: ZSopmsListResponse },
      },
    },
    async (req) => {
      const actor = requireActor(req);
      const page = await service.list(db, req.params.section_code, req.query);
      return { ...page, rows: page.rows.map((r) => presentSopmsRow(r, actor)) };
    },
  );

  app.get(
    '/SOPMS/Template/:tmplib_id',
    { config: view, schema: { tags, params: ZSopmsIdParams, response: { 200: ZSopmsTemplate } } },
    async (req) => presentSopmsTemplate(await service.get(db, req.params.tmplib_id), requireActor(req)),
  );

  app.get(
    '/SOPMS/Template/:tmplib_id/history',
    { config: view, schema: { tags, params: ZSopmsIdParams, response: { 200: ZStatusHistoryResponse } } },
    async (req) => service.history(db, req.params.tmplib_id),
  );

  app.post(
    '/SOPMS/Template',
    { config: edit, schema: { tags, body: ZCreateSopmsTemplateRequest, response: { 201: ZSopmsTemplate } } },
    async (req, reply) => {
      const actor = requireActor(req);
      const row = await service.create(db, actor, req.body);
      return reply.status(201).send(presentSopmsTemplate(await service.get(db, row.tmplib_id), actor));
    },
  );

  app.put(
    '/SOPMS/Template/:tmplib_id',
    {
      config: edit,
      schema: {
        tags,
        params: ZSopmsIdParams,
        body: ZUpdateSopmsTemplateRequest,
        response: { 200: ZSopmsTemplate },
      },
    },
    async (req) => {
      const actor = requireActor(req);
      await service.update(db, actor, req.params.tmplib_id, req.body);
      return presentSopmsTemplate(await service.get(db, req.params.tmplib_id), actor);
    },
  );

  app.post(
    '/Invoice/:inv_id/sopms-check',
    {
      config: profile,
      schema: {
        tags,
        params: ZInvoiceIdParams,
        body: ZSopmsCheckRequest.optional(),
        response: { 200: ZSopmsCheckResult },
      },
    },
    async (req) => service.preview(db, requireActor(req), req.params.inv_id, req.body?.step),
  );

  app.post(
    '/Invoice/:inv_id/sopms-override',
    {
      config: profile,
      schema: {
        tags,
        params: ZInvoiceIdParams,
        body: ZSopmsOverrideRequest,
        response: { 200: ZSopmsCheckResult },
      },
    },
    async (req) => service.override(db, requireActor(req), req.params.inv_id, req.body.reason, req.body.step),
  );
};
