import type { TAdminUser } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { userAdminRepository as repo, type UserRow } from './user-admin.repository';
import { userEditRepository as edit } from './user-admin-edit.repository';

type Profile = TAdminUser['profiles'][number];

/** A user row with its profiles (and, on the detail, the maintenance fields), as the presenter needs it. */
export type UserWithProfiles = UserRow & { profiles: Profile[]; details?: TAdminUser['details'] };

/** Adds the profile codes to each row (the list). */
export async function withProfiles(db: DbOrTx, rows: UserRow[]): Promise<UserWithProfiles[]> {
  const profiles = await repo.profilesOf(
    db,
    rows.map((r) => r.user_uid),
  );
  return rows.map((r) => ({
    ...r,
    profiles: profiles
      .filter((p) => p.user_uid === r.user_uid)
      .map(({ user_profile_id, profile_type, role }) => ({ user_profile_id, profile_type, role })),
  }));
}

/** One user with every field the maintenance screen edits. */
export async function fullUser(db: DbOrTx, row: UserRow): Promise<UserWithProfiles> {
  const [base] = await withProfiles(db, [row]);
  const ids = base.profiles.map((p) => p.user_profile_id);
  const x = await edit.profileExtras(db, ids);
  const profiles = base.profiles.map((p) => {
    const b = x.base.find((r) => r.id === p.user_profile_id);
    const access = x.access.filter((a) => a.user_profile_id === p.user_profile_id);
    return {
      ...p,
      office_code: b?.office_code ?? null,
      user_level_id: b?.user_level_id ?? null,
      status: b?.status ?? 'A',
      party_type_ids: access.map((a) => a.party_type_id).filter((t) => t !== 'ALL'),
      all_party: access.some((a) => a.all_party),
      party_group_ids: x.groups
        .filter((g) => g.user_profile_id === p.user_profile_id)
        .map((g) => g.party_group_id),
      tradelane_ids: x.lanes
        .filter((l) => l.user_profile_id === p.user_profile_id)
        .map((l) => l.tradelane_id),
    };
  });
  const d = await edit.detailsOf(db, row.user_uid);
  const r = d.row;
  return {
    ...base,
    profiles,
    details: {
      address: r?.address ?? null,
      zip: r?.zip ?? null,
      country_code: r?.country_code ?? null,
      phone: r?.phone ?? null,
      fax: r?.fax ?? null,
      company: r?.company ?? null,
      position: r?.position ?? null,
      department: r?.department ?? null,
      sales_code: r?.sales_code ?? null,
      referred_by: r?.referred_by ?? null,
      office_code: r?.office_code ?? null,
      sales_codes: d.sales_codes,
    },
  };
}
