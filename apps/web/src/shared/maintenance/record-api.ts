import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http';
import type { RecordKey } from './maintenance-detail';

/**
 * React Query hooks for one maintained resource: `GET/PUT {path}/{id}`, `POST {path}`, `{path}/{id}/history`.
 * The list is `useListQuery` with `listKey`; saves refresh it and the record's history. The id is a serial
 * number or a string key (e.g. a rate's source key), sent URL-encoded.
 */
export function recordApi<TRecord, TCreate, TUpdate, TId extends RecordKey = number>(opts: {
  /** API path under /api/v1, e.g. `/Warehouse`. */
  path: string;
  /** React Query key prefix, e.g. `'warehouse'`. */
  key: string;
  idOf: (r: TRecord) => TId;
}) {
  const listKey = [opts.key, 'list'] as const;
  const oneKey = (id: TId) => [opts.key, 'one', id] as const;
  const recordPath = (id: TId) => `${opts.path}/${encodeURIComponent(id)}`;
  const historyPath = (id: TId) => `${recordPath(id)}/history`;

  /** One record (not fetched for a new one). Not refetched on focus: the form decides when to reload. */
  function useOne(id: TId | null) {
    return useQuery({
      queryKey: [opts.key, 'one', id],
      queryFn: ({ signal }) => api.get<TRecord>(recordPath(id as TId), undefined, { signal }),
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
      mutationFn: ({ id, body }: { id: TId; body: TUpdate }) => api.put<TRecord>(recordPath(id), body),
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
