/** Where the party group screens live (001 §2 Admin maintenance). */
export const PARTY_GROUP_LIST_PATH = '/BMS/party_group_maintenance';
/** The detail screen of one party group, or of a new one. */
export const partyGroupPath = (id: number | 'new') => `${PARTY_GROUP_LIST_PATH}/${id}`;
