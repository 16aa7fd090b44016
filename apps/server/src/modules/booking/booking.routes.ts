import {
  EXCEL_FILE_RESPONSE,
  ZBooking,
  ZBookingDashboard,
  ZBookingExportQuery,
  ZBookingListParams,
  ZBookingListQuery,
  ZBookingListResponse,
  ZBookingSaved,
  ZCreateBooking,
  ZShippingOrderFieldsOut,
  ZSoNoParams,
  ZUpdateBooking,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { sendExcel } from '../../platform/export/excel';
import { idempotencyKeyOf, idempotent } from '../../platform/http/idempotency';
import type { ModuleRoutes } from '../../platform/http/types';
import { requestLanguage } from '../../platform/i18n/language';
import { bookingExportColumns } from './booking.export';
import { bookingLists, invalidateShippingOrderCounts, listKeyOrThrow } from './booking.lists';
import './booking.documents';
import { getBookingOrThrow } from './booking.read';
import { bookingService } from './booking.service';

const booking = { access: { funcId: 'booking' } } as const;
const createBooking = { access: { funcId: 'create_booking' } } as const;
const tags = ['booking'];

/** Shipping orders: create, read, update, copy, the 9 lists, their export and the dashboard (001 §2 Booking). */
export const bookingRoutes: ModuleRoutes = (app, { db }) => {
  // A successful write to a booking (create, save, actions, approval) drops this instance's cached dashboard
  // counts, so the writer's dashboard shows the change at once (docs/scaling.md).
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && reply.statusCode < 400 && req.url.startsWith('/api/v1/Booking')) {
      invalidateShippingOrderCounts(db);
    }
  });
  app.get(
    '/Booking/dashboard',
    { config: booking, schema: { tags, response: { 200: ZBookingDashboard } } },
    async (req) => bookingLists.dashboard(db, requireActor(req)),
  );

  app.get(
    '/Booking/list/:listKey',
    {
      config: booking,
      schema: {
        tags,
        params: ZBookingListParams,
        querystring: ZBookingListQuery,
        response: { 200: ZBookingListResponse },
      },
    },
    async (req) => bookingLists.page(db, requireActor(req), listKeyOrThrow(req.params.listKey), req.query),
  );

  app.get(
    '/Booking/list/:listKey/export',
    {
      config: booking,
      schema: {
        tags,
        params: ZBookingListParams,
        querystring: ZBookingExportQuery,
        response: { 200: EXCEL_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const key = listKeyOrThrow(req.params.listKey);
      const rows = await bookingLists.exportRows(db, requireActor(req), key, req.query);
      return sendExcel(reply, {
        fileName: `bookings-${key}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: 'Bookings',
        columns: bookingExportColumns(requestLanguage(req)),
        rows,
      });
    },
  );

  app.post(
    '/Booking',
    { config: createBooking, schema: { tags, body: ZCreateBooking, response: { 201: ZBookingSaved } } },
    async (req, reply) => {
      const actor = requireActor(req);
      const answer = await idempotent(
        db,
        { userUid: actor.user_uid, route: 'POST /Booking', key: idempotencyKeyOf(req), body: req.body },
        async (tx) => ({ status: 201, body: await bookingService.create(tx, actor, req.body) }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );

  app.get(
    '/Booking/:so_no',
    { config: booking, schema: { tags, params: ZSoNoParams, response: { 200: ZBooking } } },
    async (req) => getBookingOrThrow(db, requireActor(req), req.params.so_no),
  );

  app.get(
    '/Booking/:so_no/copy',
    { config: booking, schema: { tags, params: ZSoNoParams, response: { 200: ZShippingOrderFieldsOut } } },
    async (req) => bookingService.copy(db, requireActor(req), req.params.so_no),
  );

  app.put(
    '/Booking/:so_no',
    {
      config: booking,
      schema: { tags, params: ZSoNoParams, body: ZUpdateBooking, response: { 200: ZBookingSaved } },
    },
    async (req) => {
      const actor = requireActor(req);
      return db.transaction((tx) => bookingService.update(tx, actor, req.params.so_no, req.body));
    },
  );
};
