import type { TPartyGroup, TPartyGroupMember, TPartyGroupRow } from '@portal/contracts';
import type { PartyGroupRow } from './party-group.repository';

const iso = (v: string) => new Date(v).toISOString();

/** What a party group looks like in a list. */
export const presentPartyGroupRow = (r: PartyGroupRow): TPartyGroupRow => ({
  party_group_id: r.party_group_id,
  group_name: r.group_name,
  group_type: r.group_type,
  sub_group: r.sub_group,
  member_count: r.member_count,
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});

/** What a party group looks like on its detail screen: with its members' codes and names only. */
export const presentPartyGroup = (r: PartyGroupRow & { members: TPartyGroupMember[] }): TPartyGroup => ({
  ...presentPartyGroupRow(r),
  members: r.members.map((m) => ({ party_id: m.party_id, party_code: m.party_code, full_name: m.full_name })),
});
