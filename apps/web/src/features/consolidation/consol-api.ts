import {
  BOOKING_SORTABLE,
  BOOKING_STATUSES,
  CONSOL_SORTABLE,
  CONSOL_STATUSES,
  type TBookingRemark,
  type TBookingRow,
  type TConsolAction,
  type TConsolAutoPlanAnswer,
  type TConsolAutoPlanBody,
  type TConsolDashboard,
  type TConsolInput,
  type TConsolidation,
  type TConsolListKey,
  type TConsolPickCargo,
  type TConsolRow,
  type TConsolSailing,
  type TContainerCapacity,
  type TRemarkLimits,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

const enc = encodeURIComponent;
export type ConsolFilter = 'status' | 'filters';

export const consolKeys = {
  dashboard: ['consolidation', 'dashboard'] as const,
  list: (list: TConsolListKey) => ['consolidation', 'list', list] as const,
  one: (no: string) => ['consolidation', 'one', no] as const,
  copy: (no: string) => ['consolidation', 'copy', no] as const,
};

export const consolHistoryPath = (no: string) => `/Consolidation/${enc(no)}/history`;

export const useConsolDashboard = () =>
  useQuery({
    queryKey: consolKeys.dashboard,
    queryFn: ({ signal }) => api.get<TConsolDashboard>('/Consolidation/dashboard', undefined, { signal }),
  });

/** One of the 8 plan lists with search, filters, sort and page in the URL. */
export const useConsolList = (list: TConsolListKey) =>
  useListQuery<TConsolRow, ConsolFilter>({
    queryKey: consolKeys.list(list),
    path: `/Consolidation/list/${list}`,
    filters: { status: CONSOL_STATUSES, filters: null },
    sortable: CONSOL_SORTABLE,
  });

/** pending_consolidation_creation: shipping orders (booking rows). */
export const usePendingCreationList = () =>
  useListQuery<TBookingRow, ConsolFilter>({
    queryKey: consolKeys.list('pending_consolidation_creation'),
    path: '/Consolidation/pending-creation',
    filters: { status: BOOKING_STATUSES, filters: null },
    sortable: BOOKING_SORTABLE,
  });

/** Packages, CBM and weight of shipping orders on the pick list (the page's rows or the picked ones). */
export const usePickCargo = (soNos: string[]) => {
  const sorted = [...new Set(soNos)].sort();
  return useQuery({
    queryKey: ['consolidation', 'pick-cargo', sorted],
    queryFn: ({ signal }) =>
      api.get<TConsolPickCargo[]>('/Consolidation/pick-cargo', { so_nos: sorted.join(',') }, { signal }),
    enabled: sorted.length > 0,
    placeholderData: (prev) => prev,
    staleTime: 30_000,
  });
};

export const useConsol = (no: string | null) =>
  useQuery({
    queryKey: consolKeys.one(no ?? ''),
    queryFn: ({ signal }) =>
      api.get<TConsolidation>(`/Consolidation/${enc(no ?? '')}`, undefined, { signal }),
    enabled: no !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useConsolCopy = (no: string | null) =>
  useQuery({
    queryKey: consolKeys.copy(no ?? ''),
    queryFn: ({ signal }) =>
      api.get<TConsolInput>(`/Consolidation/${enc(no ?? '')}/copy`, undefined, { signal }),
    enabled: no !== null,
    retry: false,
    gcTime: 0,
  });

export const useCapacities = () =>
  useQuery({
    queryKey: ['consolidation', 'capacities'],
    queryFn: ({ signal }) =>
      api.get<TContainerCapacity[]>('/Consolidation/capacities', undefined, { signal }),
    staleTime: 3_600_000,
  });

function useRefresh() {
  const qc = useQueryClient();
  return (no: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['consolidation', 'list'] }),
      qc.invalidateQueries({ queryKey: consolKeys.dashboard }),
      qc.invalidateQueries({ queryKey: ['history', consolHistoryPath(no)] }),
    ]);
}

export function useSaveConsol() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ no, body }: { no: string | null; body: TConsolInput & { version?: number } }) =>
      no
        ? api.put<TConsolidation>(`/Consolidation/${enc(no)}`, body)
        : api.post<TConsolidation>('/Consolidation', body),
    onSuccess: (saved) => {
      qc.setQueryData(consolKeys.one(saved.consol_no), saved);
      void refresh(saved.consol_no);
    },
  });
}

export interface ConsolActionInput {
  no: string;
  action: TConsolAction;
  version: number;
  reason?: string | null;
  proposal_id?: number | null;
  proposals?: { sailing_id: number; rate_id?: number | null }[] | null;
  so_no?: string | null;
}

export function useConsolAction() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ no, action, ...body }: ConsolActionInput) =>
      api.post<TConsolidation>(`/Consolidation/${enc(no)}/actions/${action}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(consolKeys.one(saved.consol_no), saved);
      void refresh(saved.consol_no);
    },
  });
}

/** The auto-plan's answer (ZConsolAutoPlanAnswer). */
export type AutoPlanAnswer = TConsolAutoPlanAnswer;
/** The auto-plan's question (ZConsolAutoPlanBody) as the form holds it: sizes as text, which the server checks. */
export const autoPlanCall = (
  body: Omit<TConsolAutoPlanBody, 'equipment' | 'containers'> & {
    equipment: { size_type: string; qty: number }[];
    containers: { seq: number; size_type: string }[];
  },
) => api.post<AutoPlanAnswer>('/Consolidation/auto-plan', body);

/** A sailing operations may propose (ZConsolSailing). */
export type ConsolSailing = TConsolSailing;
/** Sailings operations may propose for a plan, with the rates pricing its container sizes. */
export const useConsolSailings = (no: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['consolidation', 'sailings', no],
    queryFn: ({ signal }) =>
      api.get<ConsolSailing[]>(`/Consolidation/${enc(no ?? '')}/sailings`, undefined, { signal }),
    enabled: enabled && no !== null,
    retry: false,
  });

// ---- Remarks (the booking remark thread, on the plan's own routes) ----------------------------------

const remarksKey = (no: string) => ['consolidation', 'remarks', no] as const;

export const useConsolRemarks = (no: string) =>
  useQuery({
    queryKey: remarksKey(no),
    queryFn: ({ signal }) =>
      api.get<TBookingRemark[]>(`/Consolidation/${enc(no)}/remarks`, undefined, { signal }),
  });

export const useConsolRemarkLimits = () =>
  useQuery({
    queryKey: ['consolidation', 'remark-limits'] as const,
    queryFn: ({ signal }) => api.get<TRemarkLimits>('/Consolidation/remark-limits', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export function useAddConsolRemark(no: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { html: string; visible_to: 'ALL' | 'INTERNAL' }) =>
      api.post<TBookingRemark>(`/Consolidation/${enc(no)}/remarks`, v),
    onSettled: () => qc.invalidateQueries({ queryKey: remarksKey(no) }),
  });
}

export function useDeleteConsolRemark(no: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/Consolidation/${enc(no)}/remarks/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: remarksKey(no) }),
  });
}
