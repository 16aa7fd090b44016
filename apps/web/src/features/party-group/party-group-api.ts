import {
  PARTY_GROUP_SORTABLE,
  PARTY_GROUP_TYPES,
  type TCreatePartyGroupRequest,
  type TPartyGroup,
  type TPartyGroupRow,
  type TUpdatePartyGroupRequest,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /PartyGroup hooks. */
export const partyGroupApi = recordApi<TPartyGroup, TCreatePartyGroupRequest, TUpdatePartyGroupRequest>({
  path: '/PartyGroup',
  key: 'party-group',
  idOf: (g) => g.party_group_id,
});

/** Select filters of the party group list, plus `filters`: the custom filter rules (JSON). */
export type PartyGroupFilter = 'group_type' | 'filters';

/** The party group list with its search, type filter, sort and page in the URL. */
export function usePartyGroupList() {
  return useListQuery<TPartyGroupRow, PartyGroupFilter>({
    queryKey: partyGroupApi.listKey,
    path: '/PartyGroup',
    filters: { group_type: PARTY_GROUP_TYPES, filters: null },
    sortable: PARTY_GROUP_SORTABLE,
  });
}
