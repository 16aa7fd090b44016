import type { TRwDatasetInfo, TRwReport, TRwResult, TRwSendResponse } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../shared/api/http';
import type { RwBody } from './report-model';

const BASE = '/ReportWriter';
export const RW_KEY = ['report-writer'] as const;

/** The datasets and their fields this user may use (internal-only fields are left out for external users). */
export function useRwDatasets() {
  return useQuery({
    queryKey: [...RW_KEY, 'datasets'],
    queryFn: ({ signal }) => api.get<TRwDatasetInfo[]>(`${BASE}/datasets`, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useRwReport(id: number | null) {
  return useQuery({
    queryKey: [...RW_KEY, 'report', id],
    queryFn: ({ signal }) => api.get<TRwReport>(`${BASE}/reports/${id}`, undefined, { signal }),
    enabled: id !== null,
    // A report open in the builder is not refreshed behind the user's back (a newer version is a 409 on save).
    refetchOnWindowFocus: false,
  });
}

export function useRwMutations() {
  const client = useQueryClient();
  const changed = (r?: TRwReport) => {
    if (r) client.setQueryData([...RW_KEY, 'report', r.id], r);
    void client.invalidateQueries({ queryKey: [...RW_KEY, 'list'] });
  };
  return {
    create: useMutation({
      mutationFn: (body: RwBody) => api.post<TRwReport>(`${BASE}/reports`, body),
      onSuccess: changed,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: RwBody & { id: number; version: number }) =>
        api.put<TRwReport>(`${BASE}/reports/${id}`, body),
      onSuccess: changed,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${BASE}/reports/${id}`),
      onSuccess: () => changed(),
    }),
  };
}

/** The first rows of an unsaved definition. */
export const previewReport = (
  body: Omit<RwBody, 'name' | 'description' | 'chart' | 'share' | 'schedule'>,
  signal?: AbortSignal,
) => api.post<TRwResult>(`${BASE}/preview`, body, { signal });

/** A saved report run to screen (≤ 10,000 rows, or its groups). */
export const runReport = (id: number, signal?: AbortSignal) =>
  api.post<TRwResult>(`${BASE}/reports/${id}/run`, {}, { signal });

/** The saved report as an Excel workbook, saved under the server's file name. */
export const exportReport = (id: number, lang: string) => download(`${BASE}/reports/${id}/export`, { lang });

/** E-mails the workbook now to the schedule's recipients (through the job queue). */
export const sendReport = (id: number) => api.post<TRwSendResponse>(`${BASE}/reports/${id}/send`, {});
