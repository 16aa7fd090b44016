import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { announceActorChange } from '../../platform/access/actor-cache';
import type { DbOrTx } from '../../platform/db/client';
import { partyAccesses, profileTypes, roles, userProfiles, users } from '../auth';
import { countries, offices } from '../lookup';
import { partyGroups } from '../party-group';
import { tradelanes } from '../tradelane';
import {
  userDetails,
  userProfilePartyGroups,
  userProfileTradelanes,
  userSalesCodes,
} from './user-admin.tables';

/** A profile as it is stored: ids resolved from the codes the request carried. */
export interface ProfileRow {
  user_profile_id?: number;
  profile_type_id: number;
  role_id: number;
  office_id: number | null;
  user_level_id: number | null;
  party_type_ids: string[];
  all_party: boolean;
  party_group_ids: number[];
  tradelane_ids: number[];
}

const byCode = <T extends { code: string }>(rows: T[]) => new Map(rows.map((r) => [r.code.toUpperCase(), r]));

/** Queries behind creating and editing users: details, sales codes, profiles and the choice lists. */
export const userEditRepository = {
  /** Whether another user already has this login id (case-insensitive). */
  async loginIdTaken(db: DbOrTx, loginId: string, exceptUid?: string) {
    const [row] = await db
      .select({ uid: users.user_uid })
      .from(users)
      .where(
        and(
          sql`lower(${users.login_id}) = lower(${loginId})`,
          exceptUid ? ne(users.user_uid, exceptUid) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  },

  async profileTypesByCode(db: DbOrTx) {
    return byCode(await db.select().from(profileTypes));
  },
  async rolesByCode(db: DbOrTx) {
    return byCode(await db.select({ code: roles.code, role_id: roles.role_id }).from(roles));
  },
  async officesByCode(db: DbOrTx) {
    return byCode(await db.select({ code: offices.code, office_id: offices.office_id }).from(offices));
  },
  async countryExists(db: DbOrTx, code: string) {
    const [row] = await db
      .select({ c: countries.country_code })
      .from(countries)
      .where(eq(countries.country_code, code.toUpperCase()));
    return !!row;
  },
  async existingPartyGroups(db: DbOrTx, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await db
      .select({ id: partyGroups.party_group_id })
      .from(partyGroups)
      .where(inArray(partyGroups.party_group_id, ids));
    return new Set(rows.map((r) => r.id));
  },
  async existingTradelanes(db: DbOrTx, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await db
      .select({ id: tradelanes.tradelane_id })
      .from(tradelanes)
      .where(inArray(tradelanes.tradelane_id, ids));
    return new Set(rows.map((r) => r.id));
  },

  async insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
    const [row] = await db.insert(users).values(values).returning();
    return row;
  },

  /** Writes the maintenance fields (one row per user). */
  async saveDetails(db: DbOrTx, uid: string, values: Omit<typeof userDetails.$inferInsert, 'user_uid'>) {
    await db
      .insert(userDetails)
      .values({ user_uid: uid, ...values })
      .onConflictDoUpdate({ target: userDetails.user_uid, set: values });
  },

  async saveSalesCodes(db: DbOrTx, uid: string, codes: string[]) {
    await db.delete(userSalesCodes).where(eq(userSalesCodes.user_uid, uid));
    if (codes.length)
      await db.insert(userSalesCodes).values(codes.map((sales_code) => ({ user_uid: uid, sales_code })));
  },

  /**
   * Makes the user's profiles exactly `rows`: known ids are updated in place (so sessions on them stay),
   * new ones inserted, missing ones deleted (their sessions go with them).
   */
  async saveProfiles(db: DbOrTx, uid: string, rows: ProfileRow[]) {
    // Profiles and their roles are part of every signed-in call's actor (platform/access/actor-cache).
    await announceActorChange(db);
    const keep = rows.flatMap((r) => (r.user_profile_id ? [r.user_profile_id] : []));
    await db
      .delete(userProfiles)
      .where(
        and(
          eq(userProfiles.user_uid, uid),
          keep.length ? notInArray(userProfiles.user_profile_id, keep) : undefined,
        ),
      );
    for (const [i, r] of rows.entries()) {
      const values = {
        profile_type_id: r.profile_type_id,
        role_id: r.role_id,
        office_id: r.office_id,
        user_level_id: r.user_level_id,
        sort_order: i,
      };
      let id = r.user_profile_id;
      if (id) await db.update(userProfiles).set(values).where(eq(userProfiles.user_profile_id, id));
      else {
        const [ins] = await db
          .insert(userProfiles)
          .values({ ...values, user_uid: uid, status: 'A' })
          .returning({ id: userProfiles.user_profile_id });
        id = ins.id;
      }
      await db.delete(partyAccesses).where(eq(partyAccesses.user_profile_id, id));
      const types = r.party_type_ids.length ? r.party_type_ids : r.all_party ? ['ALL'] : [];
      if (types.length)
        await db
          .insert(partyAccesses)
          .values(
            types.map((party_type_id) => ({ user_profile_id: id, party_type_id, all_party: r.all_party })),
          );
      await db.delete(userProfilePartyGroups).where(eq(userProfilePartyGroups.user_profile_id, id));
      if (r.party_group_ids.length)
        await db
          .insert(userProfilePartyGroups)
          .values(r.party_group_ids.map((party_group_id) => ({ user_profile_id: id, party_group_id })));
      await db.delete(userProfileTradelanes).where(eq(userProfileTradelanes.user_profile_id, id));
      if (r.tradelane_ids.length)
        await db
          .insert(userProfileTradelanes)
          .values(r.tradelane_ids.map((tradelane_id) => ({ user_profile_id: id, tradelane_id })));
    }
  },

  /** Ids of the user's current profiles (to refuse an id that belongs to someone else). */
  async profileIdsOf(db: DbOrTx, uid: string) {
    const rows = await db
      .select({ id: userProfiles.user_profile_id })
      .from(userProfiles)
      .where(eq(userProfiles.user_uid, uid));
    return new Set(rows.map((r) => r.id));
  },

  /** The maintenance fields with the office code. */
  async detailsOf(db: DbOrTx, uid: string) {
    const [row] = await db
      .select({
        address: userDetails.address,
        zip: userDetails.zip,
        country_code: userDetails.country_code,
        phone: userDetails.phone,
        fax: userDetails.fax,
        company: userDetails.company,
        position: userDetails.position,
        department: userDetails.department,
        sales_code: userDetails.sales_code,
        referred_by: userDetails.referred_by,
        office_code: offices.code,
      })
      .from(userDetails)
      .leftJoin(offices, eq(offices.office_id, userDetails.office_id))
      .where(eq(userDetails.user_uid, uid));
    const codes = await db
      .select({ c: userSalesCodes.sales_code })
      .from(userSalesCodes)
      .where(eq(userSalesCodes.user_uid, uid))
      .orderBy(asc(userSalesCodes.sales_code));
    return { row, sales_codes: codes.map((c) => c.c) };
  },

  /** Office, level, party access and the party group / trade lane links of these profiles. */
  async profileExtras(db: DbOrTx, profileIds: number[]) {
    if (!profileIds.length) return { base: [], access: [], groups: [], lanes: [] };
    // One after another: inside a transaction the queries share one connection.
    const base = await db
      .select({
        id: userProfiles.user_profile_id,
        office_code: offices.code,
        user_level_id: userProfiles.user_level_id,
        status: userProfiles.status,
      })
      .from(userProfiles)
      .leftJoin(offices, eq(offices.office_id, userProfiles.office_id))
      .where(inArray(userProfiles.user_profile_id, profileIds));
    const access = await db
      .select()
      .from(partyAccesses)
      .where(inArray(partyAccesses.user_profile_id, profileIds));
    const groups = await db
      .select()
      .from(userProfilePartyGroups)
      .where(inArray(userProfilePartyGroups.user_profile_id, profileIds));
    const lanes = await db
      .select()
      .from(userProfileTradelanes)
      .where(inArray(userProfileTradelanes.user_profile_id, profileIds));
    return { base, access, groups, lanes };
  },

  /** The small choice lists of the user form. */
  async formOptions(db: DbOrTx) {
    const [pt, rl, of, pg, tl] = await Promise.all([
      db
        .select({ code: profileTypes.code, name: profileTypes.name, is_internal: profileTypes.is_internal })
        .from(profileTypes)
        .orderBy(asc(profileTypes.code)),
      db.select({ code: roles.code, name: roles.name }).from(roles).orderBy(asc(roles.code)),
      db.select({ code: offices.code, name: offices.short_name }).from(offices).orderBy(asc(offices.code)),
      db
        .select({ id: partyGroups.party_group_id, name: partyGroups.group_name })
        .from(partyGroups)
        .orderBy(asc(partyGroups.group_name))
        .limit(1000),
      db
        .select({ id: tradelanes.tradelane_id, name: tradelanes.tradelane_name })
        .from(tradelanes)
        .orderBy(asc(tradelanes.tradelane_name))
        .limit(1000),
    ]);
    return { profile_types: pt, roles: rl, offices: of, party_groups: pg, tradelanes: tl };
  },
};
