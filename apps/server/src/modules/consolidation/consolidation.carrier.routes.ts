import {
  ZCarrierBookingAccept,
  ZCarrierBookingCancel,
  ZCarrierBookingSend,
  ZCarrierBookingView,
  ZConsolNoParams,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { consolCarrierService } from './consolidation.carrier';

const consolidation = { access: { funcId: 'consolidation' } } as const;
const tags = ['consolidation'];

/**
 * The plan's carrier booking over DCSA (issue 42; docs/carrier-link.md): the panel, send (CREATE / amend),
 * cancel, and accepting the carrier's booking details. Internal profiles act; a customer's sees the panel.
 */
export const consolCarrierRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/Consolidation/:consol_no/carrier',
    {
      config: consolidation,
      schema: { tags, params: ZConsolNoParams, response: { 200: ZCarrierBookingView } },
    },
    async (req) => consolCarrierService.view(db, requireActor(req), req.params.consol_no),
  );

  app.post(
    '/Consolidation/:consol_no/carrier/send',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolNoParams,
        body: ZCarrierBookingSend,
        response: { 200: ZCarrierBookingView },
      },
    },
    async (req) => consolCarrierService.send(db, requireActor(req), req.params.consol_no, req.body.version),
  );

  app.post(
    '/Consolidation/:consol_no/carrier/cancel',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolNoParams,
        body: ZCarrierBookingCancel,
        response: { 200: ZCarrierBookingView },
      },
    },
    async (req) =>
      consolCarrierService.cancel(
        db,
        requireActor(req),
        req.params.consol_no,
        req.body.version,
        req.body.reason,
      ),
  );

  app.post(
    '/Consolidation/:consol_no/carrier/accept',
    {
      config: consolidation,
      schema: {
        tags,
        params: ZConsolNoParams,
        body: ZCarrierBookingAccept,
        response: { 200: ZCarrierBookingView },
      },
    },
    async (req) =>
      consolCarrierService.accept(
        db,
        requireActor(req),
        req.params.consol_no,
        req.body.version,
        req.body.fields,
      ),
  );
};
