import {
  MSG,
  ZCreateEmailTemplateRequest,
  ZEmailTemplateEventList,
  ZEmailTemplateFeature,
  ZEmailTemplateIdParams,
  ZEmailTemplateListQuery,
  ZEmailTemplateListResponse,
  ZEmailTemplatePreview,
  ZEmailTemplatePreviewRequest,
  ZEmailTemplateRecord,
  ZStatusHistoryResponse,
  ZUpdateEmailTemplateRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { notFound } from '../../platform/errors/app-error';
import type { ModuleRoutes } from '../../platform/http/types';
import { moduleOf, placeholdersFor, subModuleOf } from './email-template.defaults';
import { presentEmailTemplate } from './email-template.presenter';
import { emailTemplateService as service } from './email-template.service';

const tags = ['email-template'];

/**
 * Admin e-mail templates (000 §2.3 NotificationCenter [admin]). Switched on by FEATURE_EMAIL_TEMPLATES:
 * when off every route but the flag itself answers 404, as the screens answer the Page Not Found page.
 */
export const emailTemplateRoutes: ModuleRoutes = (app, { db, config }) => {
  const enabled = config.features.emailTemplates;
  const admin = {
    access: { funcId: 'admin' },
  } as const;
  // Runs after the access hook: without `admin` the answer is 403 whether the flag is on or off.
  const flag = async () => {
    if (!enabled) throw notFound(MSG.notFound);
  };

  app.get(
    '/EmailTemplate/feature',
    { config: { access: 'profile' }, schema: { tags, response: { 200: ZEmailTemplateFeature } } },
    async () => ({ enabled }),
  );

  app.get(
    '/EmailTemplate',
    {
      config: admin,
      preValidation: flag,
      schema: { tags, querystring: ZEmailTemplateListQuery, response: { 200: ZEmailTemplateListResponse } },
    },
    async (req) => {
      const page = await service.list(db, req.query);
      return { ...page, rows: page.rows.map(presentEmailTemplate) };
    },
  );

  app.get(
    '/EmailTemplate/events',
    { config: admin, preValidation: flag, schema: { tags, response: { 200: ZEmailTemplateEventList } } },
    async () =>
      (await service.events(db)).map((e) => ({
        event_code: e.code,
        module: moduleOf(e.code) ?? '',
        sub_module: subModuleOf(e.code),
        placeholders: placeholdersFor(e.code),
        has_template: e.has_template,
      })),
  );

  app.post(
    '/EmailTemplate/preview',
    {
      config: admin,
      preValidation: flag,
      schema: { tags, body: ZEmailTemplatePreviewRequest, response: { 200: ZEmailTemplatePreview } },
    },
    async (req) => service.preview(req.body),
  );

  app.get(
    '/EmailTemplate/:id',
    {
      config: admin,
      preValidation: flag,
      schema: { tags, params: ZEmailTemplateIdParams, response: { 200: ZEmailTemplateRecord } },
    },
    async (req) => presentEmailTemplate(await service.get(db, req.params.id)),
  );

  app.get(
    '/EmailTemplate/:id/history',
    {
      config: admin,
      preValidation: flag,
      schema: { tags, params: ZEmailTemplateIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await service.get(db, req.params.id);
      return service.history(db, req.params.id);
    },
  );

  app.post(
    '/EmailTemplate',
    {
      config: admin,
      preValidation: flag,
      schema: { tags, body: ZCreateEmailTemplateRequest, response: { 201: ZEmailTemplateRecord } },
    },
    async (req, reply) => {
      const row = await service.create({ db, input: req.body, actor: requireActor(req) });
      return reply.status(201).send(presentEmailTemplate(row));
    },
  );

  app.put(
    '/EmailTemplate/:id',
    {
      config: admin,
      preValidation: flag,
      schema: {
        tags,
        params: ZEmailTemplateIdParams,
        body: ZUpdateEmailTemplateRequest,
        response: { 200: ZEmailTemplateRecord },
      },
    },
    async (req) =>
      presentEmailTemplate(
        await service.update({ db, id: req.params.id, input: req.body, actor: requireActor(req) }),
      ),
  );
};
