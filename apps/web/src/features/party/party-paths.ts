import type { TPartyList } from '@portal/contracts';

/** Where the party screens live (001 §2 Party). */
export const PARTY_HOME_PATH = '/BMS/party';
/** The dashboard with one list open. */
export const partyListPath = (list: TPartyList) =>
  list === 'search_party' ? PARTY_HOME_PATH : `${PARTY_HOME_PATH}/${list}`;
/** A party's detail (or 'new'); with the list it was opened from so Back returns there. */
export const partyPath = (id: number | 'new', from?: TPartyList) =>
  from && from !== 'search_party'
    ? `${PARTY_HOME_PATH}/${from}/party_maintenance/${id}`
    : `${PARTY_HOME_PATH}/party_maintenance/${id}`;
export const ACCOUNT_GROUP_LIST_PATH = `${PARTY_HOME_PATH}/account_group_code_maintenance`;
/** The detail of one account group code, or a new one. */
export const accountGroupPath = (id: number | 'new') => `${ACCOUNT_GROUP_LIST_PATH}/${id}`;
