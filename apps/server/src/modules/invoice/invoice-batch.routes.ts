import {
  CSV_FILE_RESPONSE,
  ZAccountingExportRequest,
  ZAccountingExportResponse,
  ZApRefFromDocumentsRequest,
  ZBatchApRefRequest,
  ZBatchPaymentRefRequest,
  ZBatchResult,
  ZBatchStatusRequest,
  ZBatchSubTypeRequest,
  ZExportBatchList,
  ZExportBatchParams,
  ZImportDocumentRequest,
  ZInterAccountDnRequest,
  ZInvoice,
  ZInvoiceGroup,
  ZInvoiceGroupList,
  ZInvoiceGroupListQuery,
  ZInvoiceGroupParams,
  ZInvoiceGroupRequest,
  ZInvoiceGroupResponse,
  ZInvoiceIdParams,
  ZInvoiceJobQuery,
  ZInvoiceJobRows,
  ZInvoiceLinks,
} from '@portal/contracts';
import { requireActor } from '../../platform/access/access';
import { FileStore } from '../../platform/files/file-store';
import type { App, AppDeps } from '../../platform/http/types';
import { presentInvoice } from './invoice.presenter';
import type { ExportBatchRow } from './invoice-batch.repository';
import { invoiceBatchService as svc } from './invoice-batch.service';

const tags = ['invoice'];
const invEdit = { access: { funcId: 'inv_edit' } } as const;
const closing = { access: { funcId: 'inv_closing' } } as const;
// Side-dependent reads (m_ar / m_ap) are checked in the service.
const profile = { access: 'profile' } as const;
/** Every invoice role holds m_ap (the Search function): the batch status update and the group lists. */
const search = { access: { funcId: 'm_ap' } } as const;

const presentBatch = (b: ExportBatchRow) => ({
  batch_no: b.batch_no,
  file_name: b.file_name,
  invoice_count: b.invoice_count,
  line_count: b.line_count,
  base_total_amount: b.base_total_amount,
  created_by: b.created_by,
  created_at: b.created_at,
});

/** Batch modals, accounting export, import document, grouping and job lists (docs/invoices.md). */
export function invoiceBatchRoutes(app: App, { db, config }: AppDeps) {
  const store = new FileStore(config.files);
  app.post(
    '/Invoice/batch/apRefFromDocuments',
    { config: invEdit, schema: { tags, body: ZApRefFromDocumentsRequest, response: { 200: ZBatchResult } } },
    async (req) => svc.apRefFromDocuments(db, store, requireActor(req), req.body),
  );
  app.post(
    '/Invoice/batch/apRef',
    { config: invEdit, schema: { tags, body: ZBatchApRefRequest, response: { 200: ZBatchResult } } },
    async (req) => svc.apRef(db, requireActor(req), req.body),
  );
  app.post(
    '/Invoice/batch/paymentRef',
    { config: invEdit, schema: { tags, body: ZBatchPaymentRefRequest, response: { 200: ZBatchResult } } },
    async (req) => svc.paymentRef(db, requireActor(req), req.body),
  );
  app.post(
    '/Invoice/batch/subType',
    { config: invEdit, schema: { tags, body: ZBatchSubTypeRequest, response: { 200: ZBatchResult } } },
    async (req) => svc.subType(db, requireActor(req), req.body),
  );
  // Each move also checks its own function (INVOICE_ACTIONS) inside.
  app.post(
    '/Invoice/batch/status',
    { config: search, schema: { tags, body: ZBatchStatusRequest, response: { 200: ZBatchResult } } },
    async (req) => svc.status(db, requireActor(req), req.body),
  );
  app.post(
    '/Invoice/accountingExport',
    {
      config: closing,
      schema: {
        tags,
        body: ZAccountingExportRequest,
        response: { 200: ZAccountingExportResponse },
      },
    },
    async (req) => {
      const { batch, result } = await svc.accountingExport(db, requireActor(req), req.body);
      return { batch: presentBatch(batch), result };
    },
  );
  app.get(
    '/Invoice/accountingExport',
    { config: closing, schema: { tags, response: { 200: ZExportBatchList } } },
    async () => (await svc.recentExports(db)).map(presentBatch),
  );
  app.get(
    '/Invoice/accountingExport/:batch_no/file',
    { config: closing, schema: { tags, params: ZExportBatchParams, response: { 200: CSV_FILE_RESPONSE } } },
    async (req, reply) => {
      const b = await svc.exportFile(db, requireActor(req), req.params.batch_no);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${b.file_name}"`)
        .send(b.content);
    },
  );
  app.post(
    '/Invoice/importDocument',
    { config: closing, schema: { tags, body: ZImportDocumentRequest, response: { 200: ZBatchResult } } },
    async (req) => svc.importDocument(db, requireActor(req), req.body),
  );
  app.post(
    '/Invoice/group',
    {
      config: invEdit,
      schema: {
        tags,
        body: ZInvoiceGroupRequest,
        response: { 200: ZInvoiceGroupResponse },
      },
    },
    async (req) => svc.group(db, requireActor(req), req.body),
  );
  app.get(
    '/Invoice/group',
    {
      config: search,
      schema: { tags, querystring: ZInvoiceGroupListQuery, response: { 200: ZInvoiceGroupList } },
    },
    async (req) => svc.groups(db, requireActor(req), req.query.kind),
  );
  app.delete(
    '/Invoice/group/:group_no',
    { config: invEdit, schema: { tags, params: ZInvoiceGroupParams, response: { 200: ZInvoiceGroup } } },
    async (req) => svc.ungroup(db, requireActor(req), req.params.group_no),
  );
  app.post(
    '/Invoice/:inv_id/interAccountDn',
    {
      config: invEdit,
      schema: { tags, params: ZInvoiceIdParams, body: ZInterAccountDnRequest, response: { 201: ZInvoice } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          presentInvoice(
            await svc.interAccountDn(db, requireActor(req), req.params.inv_id, req.body.version),
          ),
        ),
  );
  app.get(
    '/Invoice/:inv_id/links',
    {
      config: profile,
      schema: {
        tags,
        params: ZInvoiceIdParams,
        response: {
          200: ZInvoiceLinks,
        },
      },
    },
    async (req) => svc.links(db, requireActor(req), req.params.inv_id),
  );
  app.get(
    '/Invoice/JobSearch',
    {
      config: { access: { funcId: 'm_ap' } },
      schema: { tags, querystring: ZInvoiceJobQuery, response: { 200: ZInvoiceJobRows } },
    },
    async (req) => svc.jobs(db, requireActor(req), { ...req.query, blank: false }),
  );
  app.get(
    '/Invoice/BlankJob',
    {
      config: { access: { funcId: 'm_ap_blank_job' } },
      schema: { tags, querystring: ZInvoiceJobQuery, response: { 200: ZInvoiceJobRows } },
    },
    async (req) => svc.jobs(db, requireActor(req), { ...req.query, blank: true }),
  );
}
