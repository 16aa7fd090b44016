import {
  MBL_SORTABLE,
  MBL_STATUSES,
  type TMasterBl,
  type TMblAction,
  type TMblDashboard,
  type TMblImportAnswer,
  type TMblInput,
  type TMblListKey,
  type TMblRow,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

const enc = encodeURIComponent;
export type MblFilter = 'status' | 'filters';

export const mblKeys = {
  dashboard: ['master-bl', 'dashboard'] as const,
  list: (list: TMblListKey) => ['master-bl', 'list', list] as const,
  one: (no: string) => ['master-bl', 'one', no] as const,
  draft: (q: string) => ['master-bl', 'draft', q] as const,
};

export const mblHistoryPath = (no: string) => `/MasterBL/${enc(no)}/history`;

export const useMblDashboard = () =>
  useQuery({
    queryKey: mblKeys.dashboard,
    queryFn: ({ signal }) => api.get<TMblDashboard>('/MasterBL/dashboard', undefined, { signal }),
  });

/** One master BL list with search, filters, sort and page in the URL. */
export const useMblList = (list: TMblListKey) =>
  useListQuery<TMblRow, MblFilter>({
    queryKey: mblKeys.list(list),
    path: `/MasterBL/list/${list}`,
    filters: { status: MBL_STATUSES, filters: null },
    sortable: MBL_SORTABLE,
  });

export const useMbl = (no: string | null) =>
  useQuery({
    queryKey: mblKeys.one(no ?? ''),
    queryFn: ({ signal }) => api.get<TMasterBl>(`/MasterBL/${enc(no ?? '')}`, undefined, { signal }),
    enabled: no !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** A new bill prefilled from a plan (`consol_no=`) or FCL SOs (`so_nos=`). */
export const useMblDraft = (query: string | null) =>
  useQuery({
    queryKey: mblKeys.draft(query ?? ''),
    queryFn: ({ signal }) => api.get<TMblInput>(`/MasterBL/draft?${query ?? ''}`, undefined, { signal }),
    enabled: query !== null,
    retry: false,
    gcTime: 0,
  });

function useRefresh() {
  const qc = useQueryClient();
  return (no: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['master-bl', 'list'] }),
      qc.invalidateQueries({ queryKey: mblKeys.dashboard }),
      qc.invalidateQueries({ queryKey: ['history', mblHistoryPath(no)] }),
    ]);
}

export function useSaveMbl() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ no, body }: { no: string | null; body: TMblInput & { version?: number } }) =>
      no ? api.put<TMasterBl>(`/MasterBL/${enc(no)}`, body) : api.post<TMasterBl>('/MasterBL', body),
    onSuccess: (saved) => {
      qc.setQueryData(mblKeys.one(saved.mbl_no), saved);
      void refresh(saved.mbl_no);
    },
  });
}

export function useMblAction() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      no,
      action,
      ...body
    }: {
      no: string;
      action: TMblAction;
      version: number;
      reason?: string;
    }) => api.post<TMasterBl>(`/MasterBL/${enc(no)}/actions/${action}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(mblKeys.one(saved.mbl_no), saved);
      void refresh(saved.mbl_no);
    },
  });
}

export type MblImportAnswer = TMblImportAnswer;

/**
 * Reads (apply false) or applies a carrier's DCSA eBL 3.0 Transport Document (its JSON text): applying takes
 * exactly the differences in `accept` (the rest rejected), and `confirm_mismatch` after the user checked a
 * document whose carrier, POL, POD or ETD differ.
 */
export function useMblImport() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      no,
      version,
      apply,
      text,
      accept,
      confirmMismatch,
    }: {
      no: string;
      version: number;
      apply: boolean;
      text: string;
      accept?: string[];
      confirmMismatch?: boolean;
    }) =>
      api.post<MblImportAnswer>(`/MasterBL/${enc(no)}/dcsa/transport-document`, {
        version,
        apply,
        ...(accept && { accept }),
        confirm_mismatch: confirmMismatch ?? false,
        document: text,
      }),
    onSuccess: (answer) => {
      if (!answer.applied) return;
      qc.setQueryData(mblKeys.one(answer.master_bl.mbl_no), answer.master_bl);
      void refresh(answer.master_bl.mbl_no);
    },
  });
}
