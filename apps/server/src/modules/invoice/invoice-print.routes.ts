import {
  PDF_FILE_RESPONSE,
  type TInvoicePrint,
  ZInvoiceCrSummaryRequest,
  ZInvoiceEmailDefaults,
  ZInvoiceEmailRequest,
  ZInvoiceEmailResponse,
  ZInvoiceIdParams,
  ZInvoiceMergeRequest,
  ZInvoicePrintList,
  ZInvoicePrintOptions,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { requireActor } from '../../platform/access/access';
import type { ModuleRoutes } from '../../platform/http/types';
import { invoicePrintService } from './invoice-print.service';

const tags = ['invoice'];
/**
 * The invoice's side decides the function (AR m_ar, AP m_ap; e-mail also inv_edit or inv_closing): checked in
 * the service after the invoice is read, like GET /Invoice/{inv_id}. Merge and CR summary check every invoice.
 */
const profile = { access: 'profile' } as const;

/** A PDF answer shown in the browser's viewer (inline) under the invoice's file name. */
const sendPdf = (reply: FastifyReply, r: { fileName: string; pdf: Buffer }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${r.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(r.pdf);

/** Invoice printing, merge printouts, CR summary, print log and e-mail (issue 14; docs/invoices.md). */
export const invoicePrintRoutes: ModuleRoutes = (app, { db, config }) => {
  const cfg = config.invoice;

  app.get(
    '/Invoice/:inv_id/pdf',
    {
      config: profile,
      schema: {
        tags,
        params: ZInvoiceIdParams,
        querystring: ZInvoicePrintOptions,
        response: { 200: PDF_FILE_RESPONSE },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await invoicePrintService.pdf(db, cfg, requireActor(req), req.params.inv_id, req.query)),
  );

  app.get(
    '/Invoice/:inv_id/prints',
    {
      config: profile,
      schema: { tags, params: ZInvoiceIdParams, response: { 200: ZInvoicePrintList } },
    },
    async (req) =>
      (await invoicePrintService.prints(db, requireActor(req), req.params.inv_id)).map((p) => ({
        id: p.id,
        kind: p.kind as TInvoicePrint['kind'],
        printed_by: p.printed_by,
        printed_at: new Date(p.printed_at).toISOString(),
        signers: p.signers.map((s) => ({ role: s.role, name: s.name })),
        recipients: p.recipients,
      })),
  );

  app.post(
    '/Invoice/printMerge',
    { config: profile, schema: { tags, body: ZInvoiceMergeRequest, response: { 200: PDF_FILE_RESPONSE } } },
    async (req, reply) =>
      sendPdf(
        reply,
        await invoicePrintService.merge(db, cfg, requireActor(req), req.body.inv_ids, req.body.options),
      ),
  );

  app.post(
    '/Invoice/crSummary',
    {
      config: profile,
      schema: { tags, body: ZInvoiceCrSummaryRequest, response: { 200: PDF_FILE_RESPONSE } },
    },
    async (req, reply) =>
      sendPdf(
        reply,
        await invoicePrintService.crSummary(db, cfg, requireActor(req), req.body.inv_ids, req.body.title),
      ),
  );

  app.get(
    '/Invoice/:inv_id/email/defaults',
    { config: profile, schema: { tags, params: ZInvoiceIdParams, response: { 200: ZInvoiceEmailDefaults } } },
    async (req) => invoicePrintService.emailDefaults(db, requireActor(req), req.params.inv_id),
  );

  app.post(
    '/Invoice/:inv_id/email',
    {
      config: profile,
      schema: {
        tags,
        params: ZInvoiceIdParams,
        body: ZInvoiceEmailRequest,
        response: { 202: ZInvoiceEmailResponse },
      },
    },
    async (req, reply) =>
      reply
        .status(202)
        .send(await invoicePrintService.email(db, cfg, requireActor(req), req.params.inv_id, req.body)),
  );
};
