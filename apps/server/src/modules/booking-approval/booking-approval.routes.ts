import {
  type APPROVAL_ACTION_NAMES,
  EXCEL_FILE_RESPONSE,
  ZApplicableRoutingTemplate,
  ZApplicableRoutingTemplateQuery,
  ZApprovalActionBody,
  ZApprovalActionParams,
  ZApprovalDashboard,
  ZApprovalExportQuery,
  ZApprovalListParams,
  ZApprovalListQuery,
  ZApprovalListResponse,
  ZBookingApproval,
  ZCompareManyQuery,
  ZCompareResponse,
  ZCompareResponseList,
  ZSoNoParams,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { bookingExportColumns } from '../booking';
import { applicableTemplate } from '../routing-template';
import { compareService } from './booking-approval.compare';
import { approvalListKeyOrThrow, approvalLists } from './booking-approval.lists';
import { getApproval, takeApprovalAction } from './booking-approval.service';

const approval = { access: { funcId: 'booking_approval' } } as const;
const compare = { access: { funcId: 'compareso' } } as const;
const booking = { access: { funcId: 'booking' } } as const;
const tags = ['booking-approval'];

/**
 * Booking approval (001 §2 Booking approval): dashboard, the 9 lists and their export, the approval tab and
 * its actions; the rate and sailing comparison (/BMS/compareso); the routing template a new booking takes.
 */
export const bookingApprovalRoutes: ModuleRoutes = (app, { db, config }) => {
  app.get(
    '/BookingApproval/dashboard',
    { config: approval, schema: { tags, response: { 200: ZApprovalDashboard } } },
    async (req) => approvalLists.dashboard(db, requireActor(req)),
  );

  app.get(
    '/BookingApproval/list/:listKey',
    {
      config: approval,
      schema: {
        tags,
        params: ZApprovalListParams,
        querystring: ZApprovalListQuery,
        response: { 200: ZApprovalListResponse },
      },
    },
    async (req) =>
      approvalLists.page(db, requireActor(req), approvalListKeyOrThrow(req.params.listKey), req.query),
  );

  app.get(
    '/BookingApproval/list/:listKey/export',
    {
      config: approval,
      schema: {
        tags,
        params: ZApprovalListParams,
        querystring: ZApprovalExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const key = approvalListKeyOrThrow(req.params.listKey);
      const rows = await approvalLists.exportRows(db, requireActor(req), key, req.query);
      return sendExcel(reply, {
        fileName: `booking-approval-${key}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Booking approval',
        columns: bookingExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.get(
    '/BookingApproval/compare',
    {
      config: compare,
      schema: { tags, querystring: ZCompareManyQuery, response: { 200: ZCompareResponseList } },
    },
    async (req) => compareService.many(db, requireActor(req), req.query.so_nos),
  );

  app.get(
    '/BookingApproval/:so_no',
    { config: approval, schema: { tags, params: ZSoNoParams, response: { 200: ZBookingApproval } } },
    async (req) => getApproval(db, requireActor(req), req.params.so_no),
  );

  app.get(
    '/BookingApproval/:so_no/compare',
    { config: compare, schema: { tags, params: ZSoNoParams, response: { 200: ZCompareResponse } } },
    async (req) => compareService.one(db, requireActor(req), req.params.so_no),
  );

  app.post(
    '/BookingApproval/:so_no/actions/:action',
    {
      config: approval,
      schema: {
        tags,
        params: ZApprovalActionParams,
        body: ZApprovalActionBody,
        response: { 200: ZBookingApproval },
      },
    },
    async (req) =>
      takeApprovalAction(
        db,
        requireActor(req),
        req.params.so_no,
        req.params.action as (typeof APPROVAL_ACTION_NAMES)[number],
        req.body,
        config.mail.publicBaseUrl,
      ),
  );

  app.get(
    '/Booking/routing-template',
    {
      config: booking,
      schema: {
        tags,
        querystring: ZApplicableRoutingTemplateQuery,
        // "No template" is a normal answer on every new booking: 200 with null, not a 404 (and a console error).
        response: { 200: ZApplicableRoutingTemplate.nullable() },
      },
    },
    async (req, reply) => {
      const template = await applicableTemplate(db, req.query);
      if (template) return template;
      // Fastify sends an empty body for a returned null: serialise the JSON `null` itself.
      return reply
        .type('application/json')
        .serializer(() => 'null')
        .send(null);
    },
  );
};
