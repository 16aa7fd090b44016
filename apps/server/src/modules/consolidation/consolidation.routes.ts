import {
  CONSOL_ACTION_NAMES,
  CONSOL_SIZE_TYPES,
  CONSOL_SO_LIST,
  type TConsolAction,
  ZBookingListResponse,
  ZBookingRemark,
  ZConsolActionBody,
  ZConsolDashboard,
  ZConsolListQuery,
  ZConsolListResponse,
  ZConsolPickCargo,
  ZConsolSoListQuery,
  ZContainerCapacity,
  ZCreateBookingRemark,
  ZCreateConsol,
  ZRelatedConsol,
  ZRemarkLimits,
  ZStatusHistoryResponse,
  ZUpdateConsol,
} from '@portal/contracts';
import { z } from 'zod';
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

const ZNoParams = z.object({ consol_no: z.string().trim().min(1).max(40) });
const ZListParams = z.object({ listKey: z.string().max(60) });
const ZActionParams = ZNoParams.extend({ action: z.enum(CONSOL_ACTION_NAMES as [string, ...string[]]) });
const ZAutoPlanBody = z.object({
  so_nos: z.array(z.string().trim().min(1).max(40)).max(200),
  equipment: z
    .array(z.object({ size_type: z.enum(CONSOL_SIZE_TYPES), qty: z.number().int().min(1).max(50) }))
    .min(1)
    .max(10),
  containers: z
    .array(z.object({ seq: z.number().int().min(1).max(999), size_type: z.enum(CONSOL_SIZE_TYPES) }))
    .max(200)
    .optional(),
});
const ZPickCargoQuery = z.object({
  so_nos: z
    .string()
    .max(4000)
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(40)).max(200)),
});
const ZAutoPlanLine = z.object({
  so_no: z.string(),
  container_seq: z.number().int(),
  package_qty: z.number().int(),
  cbm: z.string(),
  kg: z.string(),
  loading_seq: z.number().int(),
});
const ZAutoPlanAnswer = z.object({
  allocations: z.array(ZAutoPlanLine),
  unallocated: z.array(ZAutoPlanLine.omit({ container_seq: true, loading_seq: true })),
  containers_used: z.number().int(),
  ms: z.number(),
});

/**
 * Consolidation (001 §2 Consolidation): dashboard, the 9 lists and their export, plans (create, read, edit,
 * copy, history), their actions, the auto-plan, the container capacities and the booking's related plan.
 * Plan answers carry zod transforms on container fields, so those routes declare no response schema.
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
        params: ZListParams,
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
        params: ZListParams,
        querystring: ZConsolListQuery.extend({ lang: z.string().max(8).optional() }),
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
    { config: consolidation, schema: { tags, response: { 200: z.array(ZContainerCapacity) } } },
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
        querystring: ZPickCargoQuery,
        response: { 200: z.array(ZConsolPickCargo) },
      },
    },
    async (req) => consolService.pickCargo(db, requireActor(req), req.query.so_nos),
  );

  app.post(
    '/Consolidation/auto-plan',
    { config: consolidation, schema: { tags, body: ZAutoPlanBody, response: { 200: ZAutoPlanAnswer } } },
    async (req) => consolService.autoPlan(db, requireActor(req), req.body),
  );

  app.get(
    '/Consolidation/by-so/:so_no',
    {
      config: booking,
      schema: {
        tags,
        params: z.object({ so_no: z.string().trim().min(1).max(40) }),
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
    { config: createConsolidation, schema: { tags, body: ZCreateConsol } },
    async (req, reply) => {
      const actor = requireActor(req);
      const answer = await idempotent(
        db,
        { userUid: actor.user_uid, route: 'POST /Consolidation', key: idempotencyKeyOf(req), body: req.body },
        async (tx) => ({ status: 201, body: await consolService.create(tx, actor, req.body) }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/Consolidation/:consol_no',
    { config: consolidation, schema: { tags, params: ZNoParams } },
    async (req) => consolService.get(db, requireActor(req), req.params.consol_no),
  );

  app.get(
    '/Consolidation/:consol_no/copy',
    { config: consolidation, schema: { tags, params: ZNoParams } },
    async (req) => consolService.copy(db, requireActor(req), req.params.consol_no),
  );

  app.get(
    '/Consolidation/:consol_no/sailings',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZNoParams,
        response: {
          200: z.array(
            z.object({
              sailing_id: z.number().int(),
              carrier_code: z.string(),
              vessel_name: z.string(),
              voyage: z.string(),
              etd: z.string(),
              eta: z.string(),
              rates: z.array(
                z.object({
                  rate_id: z.number().int(),
                  carrier_code: z.string(),
                  currency: z.string().nullable(),
                  total_rate: z.string(),
                }),
              ),
            }),
          ),
        },
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
        params: ZNoParams,
        description:
          'The carrier booking of the plan as a DCSA Booking 2.0 booking request (CreateBooking, validated against DCSA Booking 2.0.5), as a download',
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
      schema: { tags, params: ZNoParams, response: { 200: z.array(ZBookingRemark) } },
    },
    async (req) => consolRemarksService.list(db, requireActor(req), req.params.consol_no),
  );

  app.post(
    '/Consolidation/:consol_no/remarks',
    {
      config: consolidation,
      // Room for the configured HTML size plus JSON escaping; the sanitiser answers msgRemarkTooLarge.
      bodyLimit: Math.ceil(config.remarks.htmlMaxMb * 2 * 1024 * 1024) + 64 * 1024,
      schema: { tags, params: ZNoParams, body: ZCreateBookingRemark, response: { 201: ZBookingRemark } },
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
        params: ZNoParams.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => {
      await consolRemarksService.remove(db, requireActor(req), req.params.consol_no, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/Consolidation/:consol_no/history',
    { config: consolidation, schema: { tags, params: ZNoParams, response: { 200: ZStatusHistoryResponse } } },
    async (req) => consolService.history(db, requireActor(req), req.params.consol_no),
  );

  app.put(
    '/Consolidation/:consol_no',
    { config: consolidation, schema: { tags, params: ZNoParams, body: ZUpdateConsol } },
    async (req) => {
      const actor = requireActor(req);
      return db.transaction((tx) => consolService.update(tx, actor, req.params.consol_no, req.body));
    },
  );

  app.post(
    '/Consolidation/:consol_no/actions/:action',
    { config: consolidation, schema: { tags, params: ZActionParams, body: ZConsolActionBody } },
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
