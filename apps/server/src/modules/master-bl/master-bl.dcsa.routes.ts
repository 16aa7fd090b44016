import { dcsaJsonFileResponse, ZMblImportAnswer, ZMblImportBody, ZMblNoParams } from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import type { ModuleRoutes } from '../../platform/http/types';
import { importTransportDocument } from './master-bl.dcsa-import';
import { mblService } from './master-bl.service';

const masterBl = { access: { funcId: 'master_bl' } } as const;
const tags = ['master-bl'];

/** The bill's DCSA exchange: Shipping Instructions out (eBL 3.0), the carrier's Transport Document in. */
export const mblDcsaRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/MasterBL/:mbl_no/dcsa/shipping-instructions',
    {
      config: masterBl,
      schema: {
        tags,
        params: ZMblNoParams,
        response: { 200: dcsaJsonFileResponse('DCSA eBL 3.0 Shipping Instructions (JSON file)') },
      },
    },
    async (req, reply) => {
      const { mbl_no, si } = await mblService.shippingInstructions(db, requireActor(req), req.params.mbl_no);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`SI-${mbl_no}.json`))
        .send(JSON.stringify(si, null, 2));
    },
  );

  app.post(
    '/MasterBL/:mbl_no/dcsa/transport-document',
    {
      config: masterBl,
      bodyLimit: 5_000_000,
      schema: { tags, params: ZMblNoParams, body: ZMblImportBody, response: { 200: ZMblImportAnswer } },
    },
    async (req) => importTransportDocument(db, requireActor(req), req.params.mbl_no, req.body),
  );
};
