import type {
  TSmartSearchHistoryEntry,
  TUpsertUserPreferencesWithTypeRequest,
  TUserPreference,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http';

const keys = {
  prefs: (url: string, type: string) => ['preferences', url, type] as const,
  history: ['smart-search-history'] as const,
};

/** The signed-in user's preferences of one type for a page (GET /users/GetUserPreferences). */
export function useUserPreferences(url: string, type: string, enabled = true) {
  return useQuery({
    queryKey: keys.prefs(url, type),
    queryFn: ({ signal }) =>
      api.get<TUserPreference[]>('/users/GetUserPreferences', { url, preference_type: type }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Saves (creates or, with preference_id, updates) a typed preference; refreshes the page's list. */
export function useSaveUserPreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpsertUserPreferencesWithTypeRequest) =>
      api.post<TUserPreference>('/users/UpsertUserPreferencesWithType', body),
    onSuccess: (saved) =>
      qc.invalidateQueries({ queryKey: keys.prefs(saved.url, saved.preference_type ?? '') }),
  });
}

/** Deletes one of the user's preferences; refreshes every preference list. */
export function useDeleteUserPreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (preferenceId: number) =>
      api.post<{ preference_id: number }>('/users/DeleteUserPreferences', { preference_id: preferenceId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['preferences'] }),
  });
}

/** The user's recent smart searches, newest first (GET /AutoSave/GetSmartSearchHistory). */
export function useSmartSearchHistory(enabled = true) {
  return useQuery({
    queryKey: keys.history,
    queryFn: ({ signal }) =>
      api.get<TSmartSearchHistoryEntry[]>('/AutoSave/GetSmartSearchHistory', undefined, { signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** Remembers an executed search at the top of the history (POST /AutoSave/UpsertSmartSearchHistory). */
export function useSaveSmartSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (searchText: string) =>
      api.post<TSmartSearchHistoryEntry>('/AutoSave/UpsertSmartSearchHistory', {
        id: -1,
        search_text: searchText,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.history }),
  });
}
