import {
  ACCOUNT_GROUP_SORTABLE,
  PARTY_RECORD_STATUSES,
  PARTY_SORTABLE,
  PARTY_TYPES,
  type TAccountGroup,
  type TCreateAccountGroupRequest,
  type TCreatePartyRequest,
  type TParty,
  type TPartyCountsResponse,
  type TPartyDuplicateCheckRequest,
  type TPartyDuplicateCheckResponse,
  type TPartyList,
  type TPartyListRow,
  type TPartyTransitionRequest,
  type TUpdateAccountGroupRequest,
  type TUpdatePartyRequest,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

export const partyHistoryApiPath = (id: number) => `/Party/${id}/history`;
/** Select filters of the party lists, plus `filters`: the custom filter rules (JSON). */
export type PartyFilter = 'party_type' | 'status' | 'filters';

const keys = {
  all: ['party'] as const,
  list: (list: TPartyList) => ['party', 'list', list] as const,
  counts: ['party', 'counts'] as const,
  one: (id: number) => ['party', 'one', id] as const,
  groups: ['account-group', 'list'] as const,
  group: (id: number) => ['account-group', 'one', id] as const,
};

/** One of the 13 party lists with its search, filters, sort and page in the URL. */
export function usePartyList(list: TPartyList) {
  return useListQuery<TPartyListRow, PartyFilter>({
    queryKey: keys.list(list),
    path: `/Party/list/${list}`,
    filters: { party_type: PARTY_TYPES, status: PARTY_RECORD_STATUSES, filters: null },
    sortable: PARTY_SORTABLE,
  });
}

/** Rows in each list, for the dashboard. */
export const usePartyCounts = () =>
  useQuery({
    queryKey: keys.counts,
    queryFn: ({ signal }) => api.get<TPartyCountsResponse>('/Party/counts', undefined, { signal }),
  });

/** One party (not fetched for a new one). */
export function useParty(id: number | null) {
  return useQuery({
    queryKey: keys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<TParty>(`/Party/${id}`, undefined, { signal }),
    enabled: id !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

const useSaved = () => {
  const qc = useQueryClient();
  return (saved: TParty) => {
    qc.setQueryData(keys.one(saved.party_id), saved);
    void qc.invalidateQueries({ queryKey: ['party', 'list'] });
    void qc.invalidateQueries({ queryKey: keys.counts });
    void qc.invalidateQueries({ queryKey: ['history', partyHistoryApiPath(saved.party_id)] });
  };
};

/** Creates a party (status P). */
export function useCreateParty() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: (body: TCreatePartyRequest) => api.post<TParty>('/Party', body),
    onSuccess,
  });
}

/** Saves a party with the version that was loaded. */
export function useUpdateParty() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdatePartyRequest }) =>
      api.put<TParty>(`/Party/${id}`, body),
    onSuccess,
  });
}

/** Makes one approval move of the transition table. */
export function usePartyTransition() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TPartyTransitionRequest }) =>
      api.post<TParty>(`/Party/${id}/action`, body),
    onSuccess,
  });
}

/** Similar existing parties for a name and address (the duplicate warning). */
export const checkPartyDuplicates = (body: TPartyDuplicateCheckRequest) =>
  api.post<TPartyDuplicateCheckResponse>('/Party/duplicate-check', body, { silent: true });

/** The account group code list. */
export const useAccountGroupList = () =>
  useListQuery<TAccountGroup>({
    queryKey: keys.groups,
    path: '/Party/AccountGroup',
    sortable: ACCOUNT_GROUP_SORTABLE,
  });

/** One account group code. */
export const useAccountGroup = (id: number | null) =>
  useQuery({
    queryKey: keys.group(id ?? 0),
    queryFn: ({ signal }) => api.get<TAccountGroup>(`/Party/AccountGroup/${id}`, undefined, { signal }),
    enabled: id !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Creates or updates an account group code. */
export function useSaveAccountGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number | null;
      body: TCreateAccountGroupRequest | TUpdateAccountGroupRequest;
    }) =>
      id
        ? api.put<TAccountGroup>(`/Party/AccountGroup/${id}`, body)
        : api.post<TAccountGroup>('/Party/AccountGroup', body),
    onSuccess: (saved) => {
      qc.setQueryData(keys.group(saved.customer_id), saved);
      void qc.invalidateQueries({ queryKey: keys.groups });
    },
  });
}
