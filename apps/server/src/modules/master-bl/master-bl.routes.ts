import {
  EXCEL_FILE_RESPONSE,
  PDF_FILE_RESPONSE,
  type TMblAction,
  ZCreateMbl,
  ZMasterBl,
  ZMblActionBody,
  ZMblActionParams,
  ZMblDashboard,
  ZMblDraft,
  ZMblDraftQuery,
  ZMblExportQuery,
  ZMblListParams,
  ZMblListQuery,
  ZMblListResponse,
  ZMblNoParams,
  ZStatusHistoryResponse,
  ZUpdateMbl,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { idempotencyKeyOf, idempotent } from '../../platform/http/idempotency';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { mblCarrierRoutes } from './master-bl.carrier.routes';
import { mblDcsaRoutes } from './master-bl.dcsa.routes';
import { mblPrintData, renderMbl } from './master-bl.pdf';
import { mblListService } from './master-bl-lists.service';
import './master-bl.search';
import { mblService } from './master-bl.service';

const masterBl = { access: { funcId: 'master_bl' } } as const;
const tags = ['master-bl'];

/**
 * Master bill of lading (001 §2 Master bill of lading): dashboard, lists and export, a draft prefilled from a
 * plan or FCL SOs, bills (create, read, edit, history), their actions, the PDF and the DCSA exchange.
 */
export const masterBlRoutes: ModuleRoutes = (app, deps) => {
  const { db } = deps;
  app.get(
    '/MasterBL/dashboard',
    { config: masterBl, schema: { tags, response: { 200: ZMblDashboard } } },
    async (req) => mblListService.dashboard(db, requireActor(req)),
  );

  app.get(
    '/MasterBL/list/:listKey',
    {
      config: masterBl,
      schema: {
        tags,
        params: ZMblListParams,
        querystring: ZMblListQuery,
        response: { 200: ZMblListResponse },
      },
    },
    async (req) => mblListService.page(db, requireActor(req), req.params.listKey, req.query),
  );

  app.get(
    '/MasterBL/list/:listKey/export',
    {
      config: masterBl,
      schema: {
        tags,
        params: ZMblListParams,
        querystring: ZMblExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const { key, rows, columns } = await mblListService.export(
        db,
        requireActor(req),
        req.params.listKey,
        req.query,
        requestLanguage(req),
      );
      return sendExcel(reply, {
        fileName: `master-bl-${key}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Master BL',
        columns,
        rows,
      });
    },
  );

  app.get(
    '/MasterBL/draft',
    { config: masterBl, schema: { tags, querystring: ZMblDraftQuery, response: { 200: ZMblDraft } } },
    async (req) => mblService.draft(db, requireActor(req), req.query),
  );

  app.post(
    '/MasterBL',
    { config: masterBl, schema: { tags, body: ZCreateMbl, response: { 201: ZMasterBl } } },
    async (req, reply) => {
      const actor = requireActor(req);
      const answer = await idempotent(
        db,
        { userUid: actor.user_uid, route: 'POST /MasterBL', key: idempotencyKeyOf(req), body: req.body },
        async (tx) => ({ status: 201, body: await mblService.create(tx, actor, req.body) }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );

  app.get(
    '/MasterBL/:mbl_no',
    { config: masterBl, schema: { tags, params: ZMblNoParams, response: { 200: ZMasterBl } } },
    async (req) => mblService.get(db, requireActor(req), req.params.mbl_no),
  );

  app.put(
    '/MasterBL/:mbl_no',
    {
      config: masterBl,
      schema: { tags, params: ZMblNoParams, body: ZUpdateMbl, response: { 200: ZMasterBl } },
    },
    async (req) => {
      const actor = requireActor(req);
      return db.transaction((tx) => mblService.update(tx, actor, req.params.mbl_no, req.body));
    },
  );

  app.get(
    '/MasterBL/:mbl_no/history',
    { config: masterBl, schema: { tags, params: ZMblNoParams, response: { 200: ZStatusHistoryResponse } } },
    async (req) => mblService.history(db, requireActor(req), req.params.mbl_no),
  );

  app.post(
    '/MasterBL/:mbl_no/actions/:action',
    {
      config: masterBl,
      schema: { tags, params: ZMblActionParams, body: ZMblActionBody, response: { 200: ZMasterBl } },
    },
    async (req) =>
      mblService.act(db, requireActor(req), req.params.mbl_no, req.params.action as TMblAction, req.body),
  );

  app.get(
    '/MasterBL/:mbl_no/pdf',
    { config: masterBl, schema: { tags, params: ZMblNoParams, response: { 200: PDF_FILE_RESPONSE } } },
    async (req, reply) => {
      const bl = await mblService.get(db, requireActor(req), req.params.mbl_no);
      const pdf = await renderMbl(await mblPrintData(db, bl));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(`MBL-${bl.mbl_no}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  mblDcsaRoutes(app, deps);
  mblCarrierRoutes(app, deps);
};
