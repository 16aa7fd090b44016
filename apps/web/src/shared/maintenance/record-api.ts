import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http';

/**
 * React Query hooks for one maintained resource: `GET/PUT {path}/{id}`, `POST {path}`, `{path}/{id}/history`.
 * The list is `useListQuery` with `listKey`; saves refresh it and the record's history.
 */
export function recordApi<TRecord, TCreate, TUpdate>(opts: {
  /** API path under /api/v1, e.g. `/Warehouse`. */
  path: string;
  /** React Query key prefix, e.g. `'warehouse'`. */
  key: string;
  idOf: (r: TRecord) => number;
}) {
  const listKey = [opts.key, 'list'] as const;
  const oneKey = (id: number) => [opts.key, 'one', id] as const;
  const historyPath = (id: number) => `${opts.path}/${id}/history`;

  /** One record (not fetched for a new one). Not refetched on focus: the form decides when to reload. */
  function useOne(id: number | null) {
    return useQuery({
      queryKey: oneKey(id ?? 0),
      queryFn: ({ signal }) => api.get<TRecord>(`${opts.path}/${id}`, undefined, { signal }),
      enabled: id !== null,
      refetchOnWindowFocus: false,
      retry: false,
    });
  }

  /** Creates a record; it is cached so its detail screen opens without another call. */
  function useCreate() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (body: TCreate) => api.post<TRecord>(opts.path, body),
      onSuccess: (created) => {
        qc.setQueryData(oneKey(opts.idOf(created)), created);
        void qc.invalidateQueries({ queryKey: listKey });
      },
    });
  }

  /** Saves a record with the version that was loaded; a newer version on the server answers 409. */
  function useUpdate() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: ({ id, body }: { id: number; body: TUpdate }) =>
        api.put<TRecord>(`${opts.path}/${id}`, body),
      onSuccess: (saved) => {
        const id = opts.idOf(saved);
        qc.setQueryData(oneKey(id), saved);
        void qc.invalidateQueries({ queryKey: listKey });
        void qc.invalidateQueries({ queryKey: ['history', historyPath(id)] });
      },
    });
  }

  return { listKey, historyPath, useOne, useCreate, useUpdate };
}
