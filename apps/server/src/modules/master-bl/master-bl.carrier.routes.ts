import {
  ZMblCarrierAccept,
  ZMblCarrierApprove,
  ZMblCarrierParams,
  ZMblCarrierSubmit,
  ZMblCarrierView,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { carrierLink } from '../carrier-link';
import { mblCarrierService, takeIssuedNumber } from './master-bl.carrier.service';

const masterBl = { access: { funcId: 'master_bl' } } as const;
const tags = ['master-bl'];

// The carrier issued a bill's Transport Document: its number becomes the carrier MBL no. in the transaction that
// records the carrier's news (notification or poll). The panel's read does the same if this could not write it.
carrierLink.onCarrierNews('MBL', async (tx, news) => {
  if (news.what === 'STATUS') await takeIssuedNumber(tx, news.exchange);
});

/**
 * The bill at its carrier over DCSA eBL 3.0 (issue 42; docs/carrier-link.md "Master bill over DCSA eBL 3.0"): the
 * panel, submit (or request an amendment of) the Shipping Instructions, take the draft's differences, approve it.
 */
export const mblCarrierRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/MasterBL/:mbl_no/carrier',
    { config: masterBl, schema: { tags, params: ZMblCarrierParams, response: { 200: ZMblCarrierView } } },
    async (req) => mblCarrierService.view(db, requireActor(req), req.params.mbl_no),
  );

  app.post(
    '/MasterBL/:mbl_no/carrier/submit',
    {
      config: masterBl,
      schema: {
        tags,
        params: ZMblCarrierParams,
        body: ZMblCarrierSubmit,
        response: { 200: ZMblCarrierView },
      },
    },
    async (req) => mblCarrierService.submit(db, requireActor(req), req.params.mbl_no, req.body),
  );

  app.post(
    '/MasterBL/:mbl_no/carrier/accept',
    {
      config: masterBl,
      schema: {
        tags,
        params: ZMblCarrierParams,
        body: ZMblCarrierAccept,
        response: { 200: ZMblCarrierView },
      },
    },
    async (req) => mblCarrierService.accept(db, requireActor(req), req.params.mbl_no, req.body),
  );

  app.post(
    '/MasterBL/:mbl_no/carrier/approve',
    {
      config: masterBl,
      schema: {
        tags,
        params: ZMblCarrierParams,
        body: ZMblCarrierApprove,
        response: { 200: ZMblCarrierView },
      },
    },
    async (req) => mblCarrierService.approve(db, requireActor(req), req.params.mbl_no, req.body),
  );
};
