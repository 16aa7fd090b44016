import {
  CONSOL_SO_LIST,
  dcsaJsonFileResponse,
  EXCEL_FILE_RESPONSE,
  type TConsolAction,
  ZBookingListResponse,
  ZBookingRemark,
  ZConsolActionBody,
  ZConsolActionParams,
  ZConsolAutoPlanAnswer,
  ZConsolAutoPlanBody,
  ZConsolBySoParams,
  ZConsolDashboard,
  ZConsolExportQuery,
  ZConsolFieldsOut,
  ZConsolidation,
  ZConsolListParams,
  ZConsolListQuery,
  ZConsolListResponse,
  ZConsolNoParams,
  ZConsolPickCargoList,
  ZConsolPickCargoQuery,
  ZConsolRemarkList,
  ZConsolRemarkParams,
  ZConsolRemarkRemoved,
  ZConsolSailingList,
  ZConsolSoListQuery,
  ZContainerCapacityList,
  ZCreateBookingRemark,
  ZCreateConsol,
  ZRelatedConsol,
  ZRemarkLimits,
  ZStatusHistoryResponse,
  ZUpdateConsol,
} from '@portal/contracts';
import type { z } from 'zod';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { idempotencyKeyOf, idempotent } from '../../platform/http/idempotency';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { bookingExportColumns } from '../booking';
import { consolDcsaBooking } from './consolidation.dcsa';
import {
  consolExportColumns,
  consolListKeyOrThrow,
  consolLists,
  invalidateConsolCounts,
  pendingCreationList,
} from './consolidation.lists';
import { consolRemarksService } from './consolidation.remarks';
import './consolidation.search';
import { consolService } from './consolidation.service';

const consolidation = { access: { funcId: 'consolidation' } } as const;
const createConsolidation = { access: { funcId: 'create_consolidation' } } as const;
const booking = { access: { funcId: 'booking' } } as const;
const tags = ['consolidation'];

/**
 * Consolidation (001 §2 Consolidation): dashboard, the 9 lists and their export, plans (create, read, edit,
 * copy, history), their actions, the auto-plan, the container capacities and the booking's related plan.
 */
export const consolidationRoutes: ModuleRoutes = (app, { db, config }) => {
  // A successful plan write (save, action) or booking write (an SO amended, confirmed, cancelled) drops this
  // instance's cached dashboard counts, so the writer's dashboard shows the change at once.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || reply.statusCode >= 400) return;
    if (req.url.startsWith('/api/v1/Consolidation')) invalidateConsolCounts(db, true);
    else if (req.url.startsWith('/api/v1/Booking')) invalidateConsolCounts(db, false);
  });
  app.get(
    '/Consolidation/dashboard',
    { config: consolidation, schema: { tags, response: { 200: ZConsolDashboard } } },
    async (req) => consolLists.dashboard(db, requireActor(req)),
  );

  app.get(
    '/Consolidation/list/:listKey',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolListParams,
        querystring: ZConsolListQuery,
        response: { 200: ZConsolListResponse },
      },
    },
    async (req) => {
      const key = consolListKeyOrThrow(req.params.listKey);
      if (key === CONSOL_SO_LIST) throw consolListKeyOrThrow('-');
      return consolLists.page(db, requireActor(req), key, req.query);
    },
  );

  app.get(
    '/Consolidation/pending-creation',
    {
      config: consolidation,
      schema: { tags, querystring: ZConsolSoListQuery, response: { 200: ZBookingListResponse } },
    },
    async (req) => pendingCreationList.page(db, requireActor(req), CONSOL_SO_LIST, req.query),
  );

  app.get(
    '/Consolidation/list/:listKey/export',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolListParams,
        querystring: ZConsolExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const key = consolListKeyOrThrow(req.params.listKey);
      const actor = requireActor(req);
      const fileName = `consolidation-${key}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      if (key === CONSOL_SO_LIST) {
        const q = ZConsolSoListQuery.parse(req.query);
        const rows = await pendingCreationList.exportRows(db, actor, CONSOL_SO_LIST, q);
        return sendExcel(reply, {
          fileName,
          sheetName: 'Shipping orders',
          columns: bookingExportColumns(requestLanguage(req)),
          rows,
        });
      }
      const rows = await consolLists.exportRows(db, actor, key, req.query);
      return sendExcel(reply, {
        fileName,
        sheetName: 'Consolidation',
        columns: consolExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.get(
    '/Consolidation/capacities',
    { config: consolidation, schema: { tags, response: { 200: ZContainerCapacityList } } },
    async () => consolService.capacities(db),
  );

  app.get(
    '/Consolidation/pick-cargo',
    {
      config: consolidation,
      schema: {
        tags,
        description:
          'Packages, CBM and gross weight of the shipping orders a planner picks (comma-separated)',
        querystring: ZConsolPickCargoQuery,
        response: { 200: ZConsolPickCargoList },
      },
    },
    async (req) => consolService.pickCargo(db, requireActor(req), req.query.so_nos),
  );

  app.post(
    '/Consolidation/auto-plan',
    {
      config: consolidation,
      schema: { tags, body: ZConsolAutoPlanBody, response: { 200: ZConsolAutoPlanAnswer } },
    },
    async (req) => consolService.autoPlan(db, requireActor(req), req.body),
  );

  app.get(
    '/Consolidation/by-so/:so_no',
    {
      config: booking,
      schema: {
        tags,
        params: ZConsolBySoParams,
        response: { 200: ZRelatedConsol.nullable() },
      },
    },
    async (req, reply) => {
      const found = await consolService.planOfSo(db, requireActor(req), req.params.so_no);
      if (found) return found as z.infer<typeof ZRelatedConsol>;
      return reply
        .type('application/json')
        .serializer(() => 'null')
        .send(null);
    },
  );

  app.post(
    '/Consolidation',
    { config: createConsolidation, schema: { tags, body: ZCreateConsol, response: { 201: ZConsolidation } } },
    async (req, reply) => {
      const actor = requireActor(req);
      const answer = await idempotent(
        db,
        { userUid: actor.user_uid, route: 'POST /Consolidation', key: idempotencyKeyOf(req), body: req.body },
        async (tx) => ({ status: 201, body: await consolService.create(tx, actor, req.body) }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );

  app.get(
    '/Consolidation/:consol_no',
    { config: consolidation, schema: { tags, params: ZConsolNoParams, response: { 200: ZConsolidation } } },
    async (req) => consolService.get(db, requireActor(req), req.params.consol_no),
  );

  app.get(
    '/Consolidation/:consol_no/copy',
    { config: consolidation, schema: { tags, params: ZConsolNoParams, response: { 200: ZConsolFieldsOut } } },
    async (req) => consolService.copy(db, requireActor(req), req.params.consol_no),
  );

  app.get(
    '/Consolidation/:consol_no/sailings',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolNoParams,
        response: { 200: ZConsolSailingList },
      },
    },
    async (req) => consolService.sailings(db, requireActor(req), req.params.consol_no),
  );

  app.get(
    '/Consolidation/:consol_no/dcsa/booking',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolNoParams,
        description:
          'The carrier booking of the plan as a DCSA Booking 2.0 booking request (CreateBooking, validated against DCSA Booking 2.0.5), as a download',
        response: { 200: dcsaJsonFileResponse('DCSA Booking 2.0 CreateBooking (JSON file)') },
      },
    },
    async (req, reply) => {
      const body = await consolDcsaBooking(db, requireActor(req), req.params.consol_no);
      return reply
        .type('application/json')
        .header('content-disposition', attachmentDisposition(`${req.params.consol_no}-dcsa-booking-2.0.json`))
        .send(JSON.stringify(body, null, 2));
    },
  );

  app.get(
    '/Consolidation/remark-limits',
    { config: consolidation, schema: { tags, response: { 200: ZRemarkLimits } } },
    async () => config.remarks,
  );

  app.get(
    '/Consolidation/:consol_no/remarks',
    {
      config: consolidation,
      schema: { tags, params: ZConsolNoParams, response: { 200: ZConsolRemarkList } },
    },
    async (req) => consolRemarksService.list(db, requireActor(req), req.params.consol_no),
  );

  app.post(
    '/Consolidation/:consol_no/remarks',
    {
      config: consolidation,
      // Room for the configured HTML size plus JSON escaping; the sanitiser answers msgRemarkTooLarge.
      bodyLimit: Math.ceil(config.remarks.htmlMaxMb * 2 * 1024 * 1024) + 64 * 1024,
      schema: {
        tags,
        params: ZConsolNoParams,
        body: ZCreateBookingRemark,
        response: { 201: ZBookingRemark },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await consolRemarksService.create(
            db,
            requireActor(req),
            req.params.consol_no,
            req.body,
            config.remarks,
            config.files.clamd,
          ),
        ),
  );

  app.delete(
    '/Consolidation/:consol_no/remarks/:id',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolRemarkParams,
        response: { 200: ZConsolRemarkRemoved },
      },
    },
    async (req) => {
      await consolRemarksService.remove(db, requireActor(req), req.params.consol_no, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/Consolidation/:consol_no/history',
    {
      config: consolidation,
      schema: { tags, params: ZConsolNoParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => consolService.history(db, requireActor(req), req.params.consol_no),
  );

  app.put(
    '/Consolidation/:consol_no',
    {
      config: consolidation,
      schema: { tags, params: ZConsolNoParams, body: ZUpdateConsol, response: { 200: ZConsolidation } },
    },
    async (req) => {
      const actor = requireActor(req);
      return db.transaction((tx) => consolService.update(tx, actor, req.params.consol_no, req.body));
    },
  );

  app.post(
    '/Consolidation/:consol_no/actions/:action',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolActionParams,
        body: ZConsolActionBody,
        response: { 200: ZConsolidation },
      },
    },
    async (req) =>
      consolService.act(
        db,
        requireActor(req),
        req.params.consol_no,
        req.params.action as TConsolAction,
        req.body,
        config.mail.publicBaseUrl,
      ),
  );
};
