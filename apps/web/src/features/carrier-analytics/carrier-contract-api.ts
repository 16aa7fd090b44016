import type { TCarrierContract, TCarrierContractInput, TCarrierContractList } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

const keys = { list: (q: Record<string, string | number>) => ['carrier-contracts', q] as const };

/** One page of carrier contracts (search by contract no. or carrier code). */
export const useCarrierContracts = (q: { q?: string; page: number; pageSize: number }) =>
  useQuery({
    queryKey: keys.list({ q: q.q ?? '', page: q.page, pageSize: q.pageSize }),
    queryFn: ({ signal }) =>
      api.get<TCarrierContractList>(
        '/CarrierContract',
        { ...(q.q ? { q: q.q } : {}), page: q.page, pageSize: q.pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** Creates (no id) or saves (id + version) a contract; the list reloads after. */
export function useSaveCarrierContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number | null; version: number | null; body: TCarrierContractInput }) =>
      v.id === null
        ? api.post<TCarrierContract>('/CarrierContract', v.body)
        : api.put<TCarrierContract>(`/CarrierContract/${v.id}`, { ...v.body, version: v.version }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['carrier-contracts'] }),
  });
}
