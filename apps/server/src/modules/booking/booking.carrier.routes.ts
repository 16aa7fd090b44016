import {
  dcsaJsonFileResponse,
  ZBookingPanelParams,
  ZCarrierBookingAccept,
  ZCarrierBookingCancel,
  ZCarrierBookingSend,
  ZCarrierBookingView,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import type { ModuleRoutes } from '../../platform/http/types';
import { bookingCarrierService } from './booking.carrier.service';

const booking = { access: { funcId: 'booking' } } as const;
const tags = ['booking'];

/**
 * An FCL booking's carrier booking over DCSA (issue 42; docs/carrier-link.md "FCL bookings"): the panel, send
 * (CREATE / amend), cancel, accepting the carrier's booking details, and the request as a file for a carrier
 * without a connection. Internal profiles act; a customer's sees the panel.
 */
export const bookingCarrierRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Booking/:so_no/carrier',
    {
      config: booking,
      schema: { tags, params: ZBookingPanelParams, response: { 200: ZCarrierBookingView } },
    },
    async (req) => bookingCarrierService.view(db, requireActor(req), req.params.so_no),
  );

  app.get(
    '/Booking/:so_no/dcsa/booking',
    {
      config: booking,
      schema: {
        tags,
        params: ZBookingPanelParams,
        description:
          'The FCL booking as a DCSA Booking 2.0 booking request (CreateBooking, validated against DCSA Booking 2.0.5), as a download',
        response: { 200: dcsaJsonFileResponse('DCSA Booking 2.0 CreateBooking (JSON file)') },
      },
    },
    async (req, reply) => {
      const body = await bookingCarrierService.request(db, requireActor(req), req.params.so_no);
      return reply
        .type('application/json')
        .header('content-disposition', attachmentDisposition(`${req.params.so_no}-dcsa-booking-2.0.json`))
        .send(JSON.stringify(body, null, 2));
    },
  );

  app.post(
    '/Booking/:so_no/carrier/send',
    {
      config: booking,
      schema: {
        tags,
        params: ZBookingPanelParams,
        body: ZCarrierBookingSend,
        response: { 200: ZCarrierBookingView },
      },
    },
    async (req) => bookingCarrierService.send(db, requireActor(req), req.params.so_no, req.body.version),
  );

  app.post(
    '/Booking/:so_no/carrier/cancel',
    {
      config: booking,
      schema: {
        tags,
        params: ZBookingPanelParams,
        body: ZCarrierBookingCancel,
        response: { 200: ZCarrierBookingView },
      },
    },
    async (req) =>
      bookingCarrierService.cancel(
        db,
        requireActor(req),
        req.params.so_no,
        req.body.version,
        req.body.reason,
      ),
  );

  app.post(
    '/Booking/:so_no/carrier/accept',
    {
      config: booking,
      schema: {
        tags,
        params: ZBookingPanelParams,
        body: ZCarrierBookingAccept,
        response: { 200: ZCarrierBookingView },
      },
    },
    async (req) =>
      bookingCarrierService.accept(
        db,
        requireActor(req),
        req.params.so_no,
        req.body.version,
        req.body.fields,
      ),
  );
};
