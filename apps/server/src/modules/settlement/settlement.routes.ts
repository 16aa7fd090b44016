import {
  ZCreateSettlementRequest,
  ZOpenInvoiceList,
  ZOpenInvoicesQuery,
  ZReverseSettlementRequest,
  ZSettleGroupRequest,
  ZSettlement,
  ZSettlementGroupParams,
  ZSettlementIdParams,
  ZSettlementList,
  ZSettlementListQuery,
  ZSettlementResult,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { registerSettlementMoveChecks, settlementService as svc } from './settlement.service';

const tags = ['settlement'];
/** Recording and reversing settlements is an accounting step: inv_closing (docs/settlement.md). */
const closing = { access: { funcId: 'inv_closing' } } as const;
// Reads depend on the invoice's side (AR m_ar, AP m_ap): checked in the service.
const profile = { access: 'profile' } as const;

/** Receipts and payments against posted invoices (docs/settlement.md), under /api/v1. */
export const settlementRoutes: ModuleRoutes = (app, { db }) => {
  registerSettlementMoveChecks();
  app.get(
    '/Settlement',
    {
      config: profile,
      schema: { tags, querystring: ZSettlementListQuery, response: { 200: ZSettlementList } },
    },
    async (req) => svc.list(db, requireActor(req), req.query),
  );
  app.get(
    '/Settlement/openInvoices',
    {
      config: profile,
      schema: { tags, querystring: ZOpenInvoicesQuery, response: { 200: ZOpenInvoiceList } },
    },
    async (req) => svc.openInvoices(db, requireActor(req), req.query),
  );
  app.get(
    '/Settlement/:settlement_id',
    { config: profile, schema: { tags, params: ZSettlementIdParams, response: { 200: ZSettlement } } },
    async (req) => svc.get(db, requireActor(req), req.params.settlement_id),
  );
  app.post(
    '/Settlement',
    {
      config: closing,
      schema: { tags, body: ZCreateSettlementRequest, response: { 201: ZSettlementResult } },
    },
    async (req, reply) => reply.code(201).send(await svc.create(db, requireActor(req), req.body)),
  );
  app.post(
    '/Settlement/group/:group_no',
    {
      config: closing,
      schema: {
        tags,
        params: ZSettlementGroupParams,
        body: ZSettleGroupRequest,
        response: { 201: ZSettlementResult },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await svc.settleGroup(db, requireActor(req), req.params.group_no, req.body)),
  );
  app.post(
    '/Settlement/:settlement_id/reverse',
    {
      config: closing,
      schema: {
        tags,
        params: ZSettlementIdParams,
        body: ZReverseSettlementRequest,
        response: { 200: ZSettlementResult },
      },
    },
    async (req) => svc.reverse(db, requireActor(req), req.params.settlement_id, req.body),
  );
};
