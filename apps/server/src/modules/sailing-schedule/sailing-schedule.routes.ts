import {
  EXCEL_FILE_RESPONSE,
  ZCreateSailingScheduleRequest,
  ZSailingSchedule,
  ZSailingScheduleExportQuery,
  ZSailingScheduleIdParams,
  ZSailingScheduleListQuery,
  ZSailingScheduleListResponse,
  ZStatusHistoryResponse,
  ZUpdateSailingScheduleRequest,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { sailingExportColumns } from './sailing-schedule.export';
import { registerTbcRefreshJob } from './sailing-schedule.jobs';
import { sailingScheduleService as service } from './sailing-schedule.service';

const admin = { access: { funcId: 'admin' } } as const;
const tags = ['sailing-schedule'];

registerTbcRefreshJob();

/** Sailing schedule maintenance (001 §2 Admin sailing_schedule_maintenance), guarded by `admin`. */
export const sailingScheduleRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/SailingSchedule',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZSailingScheduleListQuery,
        response: { 200: ZSailingScheduleListResponse },
      },
    },
    async (req) => service.listWithLegs(db, req.query),
  );

  // Bookings pick a sailing from the schedules (001 §5 "selected sailing POL and POD must match"): the same
  // search for anyone holding `booking`, limited to active sailings.
  app.get(
    '/SailingSchedule/for-booking',
    {
      config: { access: { funcId: 'booking' } },
      schema: {
        tags,
        querystring: ZSailingScheduleListQuery,
        response: { 200: ZSailingScheduleListResponse },
      },
    },
    async (req) => service.listWithLegs(db, { ...req.query, status: 'A' }),
  );

  app.get(
    '/SailingSchedule/export',
    {
      config: admin,
      schema: {
        tags,
        querystring: ZSailingScheduleExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const rows = await service.exportRows(db, req.query);
      return sendExcel(reply, {
        fileName: `sailing-schedules-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Sailing schedules',
        columns: sailingExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.get(
    '/SailingSchedule/:id',
    {
      config: admin,
      schema: { tags, params: ZSailingScheduleIdParams, response: { 200: ZSailingSchedule } },
    },
    async (req) => service.get(db, req.params.id),
  );

  app.get(
    '/SailingSchedule/:id/history',
    {
      config: admin,
      schema: { tags, params: ZSailingScheduleIdParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => {
      await service.get(db, req.params.id);
      return service.history(db, req.params.id);
    },
  );

  app.post(
    '/SailingSchedule',
    {
      config: admin,
      schema: { tags, body: ZCreateSailingScheduleRequest, response: { 201: ZSailingSchedule } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create({ db, input: req.body, actor: requireActor(req) })),
  );

  app.put(
    '/SailingSchedule/:id',
    {
      config: admin,
      schema: {
        tags,
        params: ZSailingScheduleIdParams,
        body: ZUpdateSailingScheduleRequest,
        response: { 200: ZSailingSchedule },
      },
    },
    async (req) => service.update({ db, id: req.params.id, input: req.body, actor: requireActor(req) }),
  );
};
