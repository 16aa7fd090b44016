import {
  PDF_FILE_RESPONSE,
  ZBooking,
  ZBookingActionBody,
  ZBookingActionParams,
  ZBookingPanelParams,
  ZBookingRelated,
  ZBookingRemark,
  ZBookingRemarkIdParams,
  ZBookingRemarkList,
  ZBookingValidateBody,
  ZBookingValidationResults,
  ZCreateBookingRemark,
  ZCreateIsfProfile,
  ZIsfProfileIdParams,
  ZIsfProfileList,
  ZIsfProfileOut,
  ZIsfProfileQuery,
  ZOkResponse,
  ZRemarkLimits,
  ZStatusHistoryResponse,
  ZVgmMessageList,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import type { ModuleRoutes } from '../../platform/http/types';
import { takeBookingAction } from './booking-actions.service';
import { bookingHistory } from './booking-history';
import { validateBookings } from './booking-validation';
import { houseDocData, renderHouseDocPdf } from './house-doc.pdf';
import { isfProfileService } from './isf-profile.service';
import { relatedOf } from './related.service';
import { remarksService } from './remarks.service';
import { vgmService } from './vgm.service';

const booking = { access: { funcId: 'booking' } } as const;
const tags = ['booking'];

/** Booking actions, validation, history, related panels, ISF profiles, remarks, VGM, house doc (S2). */
export const bookingActionRoutes: ModuleRoutes = (app, { db, config }) => {
  app.post(
    '/Booking/:so_no/actions/:action',
    {
      config: booking,
      schema: { tags, params: ZBookingActionParams, body: ZBookingActionBody, response: { 200: ZBooking } },
    },
    async (req) => takeBookingAction(db, requireActor(req), req.params.so_no, req.params.action, req.body),
  );

  app.post(
    '/Booking/validate',
    {
      config: booking,
      schema: { tags, body: ZBookingValidateBody, response: { 200: ZBookingValidationResults } },
    },
    async (req) => validateBookings(db, requireActor(req), req.body.action, req.body.so_nos),
  );

  app.get(
    '/Booking/:so_no/history',
    {
      config: booking,
      schema: { tags, params: ZBookingPanelParams, response: { 200: ZStatusHistoryResponse } },
    },
    async (req) => bookingHistory(db, requireActor(req), req.params.so_no),
  );

  app.get(
    '/Booking/:so_no/related',
    { config: booking, schema: { tags, params: ZBookingPanelParams, response: { 200: ZBookingRelated } } },
    async (req) => relatedOf(db, requireActor(req), req.params.so_no),
  );

  // ---- ISF profiles (per user) ----
  app.get(
    '/IsfProfile',
    {
      config: booking,
      schema: { tags, querystring: ZIsfProfileQuery, response: { 200: ZIsfProfileList } },
    },
    async (req) => isfProfileService.list(db, requireActor(req), req.query.q),
  );

  app.post(
    '/IsfProfile',
    { config: booking, schema: { tags, body: ZCreateIsfProfile, response: { 201: ZIsfProfileOut } } },
    async (req, reply) =>
      reply.code(201).send(await isfProfileService.create(db, requireActor(req), req.body)),
  );

  app.delete(
    '/IsfProfile/:id',
    { config: booking, schema: { tags, params: ZIsfProfileIdParams, response: { 200: ZOkResponse } } },
    async (req) => {
      await isfProfileService.remove(db, requireActor(req), req.params.id);
      return { ok: true as const };
    },
  );

  // ---- Remarks ----
  app.get(
    '/Booking/remark-limits',
    { config: booking, schema: { tags, response: { 200: ZRemarkLimits } } },
    async () => config.remarks,
  );

  app.get(
    '/Booking/:so_no/remarks',
    { config: booking, schema: { tags, params: ZBookingPanelParams, response: { 200: ZBookingRemarkList } } },
    async (req) => remarksService.list(db, requireActor(req), req.params.so_no),
  );

  app.post(
    '/Booking/:so_no/remarks',
    {
      config: booking,
      // Room for the configured HTML size plus JSON escaping; the service answers msgRemarkTooLarge.
      bodyLimit: Math.ceil(config.remarks.htmlMaxMb * 2 * 1024 * 1024) + 64 * 1024,
      schema: {
        tags,
        params: ZBookingPanelParams,
        body: ZCreateBookingRemark,
        response: { 201: ZBookingRemark },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await remarksService.create(
            db,
            requireActor(req),
            req.params.so_no,
            req.body,
            config.remarks,
            config.files.clamd,
          ),
        ),
  );

  app.delete(
    '/Booking/:so_no/remarks/:id',
    { config: booking, schema: { tags, params: ZBookingRemarkIdParams, response: { 200: ZOkResponse } } },
    async (req) => {
      await remarksService.remove(db, requireActor(req), req.params.so_no, req.params.id);
      return { ok: true as const };
    },
  );

  // ---- VGM ----
  app.get(
    '/Booking/:so_no/vgm',
    { config: booking, schema: { tags, params: ZBookingPanelParams, response: { 200: ZVgmMessageList } } },
    async (req) => vgmService.list(db, requireActor(req), req.params.so_no),
  );

  app.post(
    '/Booking/:so_no/vgm',
    { config: booking, schema: { tags, params: ZBookingPanelParams, response: { 201: ZVgmMessageList } } },
    async (req, reply) =>
      reply.code(201).send(await vgmService.send(db, requireActor(req), req.params.so_no)),
  );

  // ---- House doc ----
  app.get(
    '/Booking/:so_no/house-doc',
    { config: booking, schema: { tags, params: ZBookingPanelParams, response: { 200: PDF_FILE_RESPONSE } } },
    async (req, reply) => {
      const data = await houseDocData(db, requireActor(req), req.params.so_no);
      const pdf = await renderHouseDocPdf(data);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(`${data.hbl_no}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
