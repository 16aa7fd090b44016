import type {
  TApplyToInvoiceResponse,
  TCreateTemplateRequest,
  TTemplate,
  TTemplateSearchResponse,
  TUpdateTemplateRequest,
} from '@portal/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

const KEY = 'template';

/** Search filters of the library (002 §2 TemplateSearch). */
export interface TemplateSearch {
  tab: 'mine' | 'market' | 'all';
  q?: string;
  tag?: string;
  category?: string;
  owner?: string;
  kind?: 'lines' | 'print' | 'marks';
}

const clean = (s: TemplateSearch) =>
  Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;

/** Pages of the search (keyset: "Load more" asks for the page after the last cursor). */
export function useTemplateSearch(s: TemplateSearch, enabled = true) {
  return useInfiniteQuery({
    queryKey: [KEY, 'search', s],
    queryFn: ({ pageParam, signal }) =>
      api.get<TTemplateSearchResponse>(
        '/Template',
        { ...clean(s), limit: '20', ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'one', id],
    queryFn: ({ signal }) => api.get<TTemplate>(`/Template/${id}`, undefined, { signal }),
    enabled: id !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Mutations of the library; each refreshes the lists and the template it changed. */
export function useTemplateMutations() {
  const qc = useQueryClient();
  const done = (tpl?: TTemplate) => {
    if (tpl) qc.setQueryData([KEY, 'one', tpl.tmplib_id], tpl);
    void qc.invalidateQueries({ queryKey: [KEY, 'search'] });
  };
  return {
    create: useMutation({
      mutationFn: (body: TCreateTemplateRequest) => api.post<TTemplate>('/Template', body),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TUpdateTemplateRequest }) =>
        api.put<TTemplate>(`/Template/${id}`, body),
      onSuccess: done,
    }),
    favourite: useMutation({
      mutationFn: (id: number) => api.post<{ is_favourite: boolean }>(`/Template/${id}/favourite`),
      onSuccess: (_r, id) => {
        void qc.invalidateQueries({ queryKey: [KEY, 'one', id] });
        done();
      },
    }),
    addByCode: useMutation({
      mutationFn: (code: string) => api.post<TTemplate>(`/Template/AddTemplate/${encodeURIComponent(code)}`),
      onSuccess: done,
    }),
    add: useMutation({
      mutationFn: (id: number) => api.post<TTemplate>(`/Template/${id}/add`),
      onSuccess: done,
    }),
    acknowledge: useMutation({
      mutationFn: (id: number) => api.post<TTemplate>(`/Template/${id}/acknowledge`),
      onSuccess: done,
    }),
  };
}

/** The owner's share code and the link path. */
export const fetchShare = (id: number) =>
  api.get<{ share_code: string; path: string }>(`/Template/${id}/share`);

/** The lines a template gives an invoice (the invoice screen appends them; saving is the invoice's). */
export const applyToInvoice = (tmplibId: number, invId: number) =>
  api.post<TApplyToInvoiceResponse>(`/Template/${tmplibId}/apply-to-invoice/${invId}`);

export const fetchTemplate = (id: number) => api.get<TTemplate>(`/Template/${id}`);
