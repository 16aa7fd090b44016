import type { TStatusHistoryEntry } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http';

/** Loads a record's history, e.g. `useStatusHistory('/Carrier/12/history')`; the key is `['history', path]`. */
export function useStatusHistory(path: string, enabled = true) {
  return useQuery({
    queryKey: ['history', path],
    queryFn: ({ signal }) => api.get<TStatusHistoryEntry[]>(path, undefined, { signal }),
    enabled,
  });
}
