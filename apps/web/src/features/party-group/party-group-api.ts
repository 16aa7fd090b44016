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

/** The party group list with its search, type filter, sort and page in the URL. */
export function usePartyGroupList() {
  return useListQuery<TPartyGroupRow, 'group_type'>({
    queryKey: partyGroupApi.listKey,
    path: '/PartyGroup',
    filters: { group_type: PARTY_GROUP_TYPES },
    sortable: PARTY_GROUP_SORTABLE,
  });
}
