import type {
  TCreateSettlementRequest,
  TInvoiceType,
  TOpenInvoice,
  TReverseSettlementRequest,
  TSettleGroupRequest,
  TSettlement,
  TSettlementResult,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';

/** Settlements of one invoice (its Settlement tab), newest first. */
export function useInvoiceSettlements(invId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['settlement', 'invoice', invId],
    queryFn: ({ signal }) => api.get<TSettlement[]>('/Settlement', { inv_id: invId }, { signal }),
    enabled,
  });
}

/** Posted invoices of an account with something outstanding (the Settlement screen's picker). */
export function useOpenInvoices(
  q: { inv_type: TInvoiceType; account_code: string; currency?: string } | null,
) {
  return useQuery({
    queryKey: ['settlement', 'open', q],
    queryFn: ({ signal }) =>
      api.get<TOpenInvoice[]>(
        '/Settlement/openInvoices',
        q
          ? { inv_type: q.inv_type, account_code: q.account_code, currency: q.currency || undefined }
          : undefined,
        { signal },
      ),
    enabled: !!q?.account_code,
  });
}

/** Every settlement call refreshes the invoices (lists, details, dashboards) and the settlement lists. */
const useSettlementCall = <B>(call: (b: B) => Promise<TSettlementResult>) =>
  useRefreshingMutation(call, [['invoice'], ['settlement']]);

export const useCreateSettlement = () =>
  useSettlementCall((b: TCreateSettlementRequest) => api.post<TSettlementResult>('/Settlement', b));
export const useSettleGroup = () =>
  useSettlementCall((b: TSettleGroupRequest & { group_no: string }) => {
    const { group_no, ...body } = b;
    return api.post<TSettlementResult>(`/Settlement/group/${encodeURIComponent(group_no)}`, body);
  });
export const useReverseSettlement = () =>
  useSettlementCall((b: TReverseSettlementRequest & { settlement_id: number }) =>
    api.post<TSettlementResult>(`/Settlement/${b.settlement_id}/reverse`, {
      version: b.version,
      reason: b.reason,
    }),
  );
