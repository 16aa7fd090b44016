import { randomUUID } from 'node:crypto';
import type { USER_STATUSES } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { offices, partyAccesses, profileTypes, roles, userProfiles, users } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/password';
import type { Db } from '../src/platform/db/client';
import { DEMO_PASSWORD } from '../src/seed/demo';

/** A user made by buildUser: the row's uid and login, and the ids of its profiles in order. */
export interface BuiltUser {
  user_uid: string;
  login_id: string;
  profileIds: number[];
}

/**
 * Creates a user for a test (password DEMO_PASSWORD unless given), with profiles as
 * [profile type code, role code] pairs at the HKG office. Overrides go straight to the users row.
 */
export async function buildUser(
  db: Db,
  opts: {
    login_id?: string;
    password?: string;
    profiles?: [profileType: string, role: string][];
    status?: (typeof USER_STATUSES)[number];
    is_super_user?: boolean;
    force_change_password?: boolean;
  } = {},
): Promise<BuiltUser> {
  const login_id = opts.login_id ?? `user-${randomUUID().slice(0, 8)}@test.test`;
  const [user] = await db
    .insert(users)
    .values({
      login_id,
      password_hash: await hashPassword(opts.password ?? DEMO_PASSWORD),
      first_name: 'Test',
      last_name: login_id.split('@')[0],
      status: opts.status ?? 'A',
      is_super_user: opts.is_super_user ?? false,
      force_change_password: opts.force_change_password ?? false,
      created_by: 'test',
      updated_by: 'test',
    })
    .returning();
  const [office] = await db.select().from(offices).where(eq(offices.code, 'HKG'));
  const profileIds: number[] = [];
  let order = 0;
  for (const [type, role] of opts.profiles ?? [['OPERATIONS', 'OPERATIONS']]) {
    const [pt] = await db.select().from(profileTypes).where(eq(profileTypes.code, type));
    const [r] = await db.select().from(roles).where(eq(roles.code, role));
    if (!pt || !r) throw new Error(`unknown profile type ${type} or role ${role}`);
    const [p] = await db
      .insert(userProfiles)
      .values({
        user_uid: user.user_uid,
        profile_type_id: pt.profile_type_id,
        role_id: r.role_id,
        office_id: office?.office_id ?? null,
        user_level_id: 1,
        sort_order: order++,
      })
      .returning();
    await db
      .insert(partyAccesses)
      .values({ user_profile_id: p.user_profile_id, party_type_id: 'ALL', all_party: true });
    profileIds.push(p.user_profile_id);
  }
  return { user_uid: user.user_uid, login_id, profileIds };
}
