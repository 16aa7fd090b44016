import type {
  TBatchResult,
  TExportBatch,
  TInvoice,
  TInvoiceGroup,
  TInvoiceGroupKind,
  TInvoiceGroupList,
  TInvoiceJobRow,
  TInvoiceRow,
  TInvoiceStatus,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

/** A batch item: the invoice and the version the user read. */
export const itemOf = (r: { inv_id: number; version: number }) => ({ inv_id: r.inv_id, version: r.version });

/** One mutation per batch call; every success refreshes the invoice lists, dashboards and details. */
function useBatch<B, R>(path: string | ((b: B) => string), method: 'post' | 'delete' = 'post') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => {
      const url = typeof path === 'function' ? path(body) : path;
      return method === 'post' ? api.post<R>(url, body) : api.delete<R>(url);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invoice'] }),
  });
}

type Items = { rows: { inv_id: number; version: number }[] };
export const useBatchApRef = () =>
  useBatch<{ rows: { inv_id: number; version: number; ap_ref: string }[] }, TBatchResult>(
    '/Invoice/batch/apRef',
  );
export const useApRefFromDocuments = () => useBatch<Items, TBatchResult>('/Invoice/batch/apRefFromDocuments');
export const useBatchPaymentRef = () =>
  useBatch<Items & { payment_ref: string }, TBatchResult>('/Invoice/batch/paymentRef');
export const useBatchSubType = () =>
  useBatch<
    Items & { sub_type: string; with_credit_term: boolean; tax_rate_code?: string | null },
    TBatchResult
  >('/Invoice/batch/subType');
export const useBatchStatus = () =>
  useBatch<Items & { action: string; reason?: string | null }, TBatchResult>('/Invoice/batch/status');
export const useAccountingExport = () =>
  useBatch<Items, { batch: TExportBatch; result: TBatchResult }>('/Invoice/accountingExport');
export const useImportDocument = () =>
  useBatch<
    { rows: { inv_id: number; version: number; gov_invoice_no: string; invoice_date: string }[] },
    TBatchResult
  >('/Invoice/importDocument');
export const useGroupInvoices = () =>
  useBatch<
    Items & { kind: TInvoiceGroupKind; remarks?: string | null },
    { group: TInvoiceGroup; result: TBatchResult }
  >('/Invoice/group');
export const useUngroup = () =>
  useBatch<{ group_no: string }, TInvoiceGroup>(
    (b) => `/Invoice/group/${encodeURIComponent(b.group_no)}`,
    'delete',
  );
export const useInterAccountDn = () =>
  useBatch<{ inv_id: number; version: number }, TInvoice>((b) => `/Invoice/${b.inv_id}/interAccountDn`);

export const useInvoiceGroups = () =>
  useQuery({
    queryKey: ['invoice', 'groups'],
    queryFn: ({ signal }) => api.get<TInvoiceGroupList>('/Invoice/group', undefined, { signal }),
  });

export const useExportBatches = (enabled: boolean) =>
  useQuery({
    queryKey: ['invoice', 'exportBatches'],
    queryFn: ({ signal }) => api.get<TExportBatch[]>('/Invoice/accountingExport', undefined, { signal }),
    enabled,
  });

export const useInvoiceLinks = (id: number | null) =>
  useQuery({
    queryKey: ['invoice', 'links', id],
    queryFn: ({ signal }) =>
      api.get<
        { link_type: string; from_inv_id: number; to_inv_id: number; from_no: string; to_no: string }[]
      >(`/Invoice/${id}/links`, undefined, { signal }),
    enabled: id !== null,
  });

export const useInvoiceJobs = (kind: 'JobSearch' | 'BlankJob', q: string) =>
  useQuery({
    queryKey: ['invoice', 'jobs', kind, q],
    queryFn: ({ signal }) => api.get<TInvoiceJobRow[]>(`/Invoice/${kind}`, q ? { q } : undefined, { signal }),
  });

/** Invoices waiting for their government invoice no. (Exported, Exported (Auto), Exported (Reversal)). */
export const useImportable = () =>
  useQuery({
    queryKey: ['invoice', 'importable'],
    queryFn: async ({ signal }) => {
      const statuses: TInvoiceStatus[] = ['EXPORTED', 'EXPORTED_AUTO', 'EXPORTED_REVERSAL'];
      const pages = await Promise.all(
        statuses.map((status) =>
          api.get<{ rows: TInvoiceRow[] }>(
            '/Invoice',
            { status, pageSize: 100, sort: 'invoice_no' },
            { signal },
          ),
        ),
      );
      return pages.flatMap((p) => p.rows);
    },
  });
