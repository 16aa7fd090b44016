import type { ZRegistrationListQuery } from '@portal/contracts';
import { REGISTRATION_FILTER_FIELDS, type REGISTRATION_SORTABLE } from '@portal/contracts';
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { profileTypes, roles, userProfiles, users } from '../auth';
import { countries, offices } from '../lookup';
import { parties } from '../party';
import { partyGroups } from '../party-group';
import { tradelanes } from '../tradelane';
import { userRegistrations } from './registration.tables';

type Sort = (typeof REGISTRATION_SORTABLE)[number];
type ListQuery = z.infer<typeof ZRegistrationListQuery>;

const spec: ListSpec<Sort> = {
  table: userRegistrations,
  sortable: {
    user_registration_id: userRegistrations.user_registration_id,
    login_id: userRegistrations.login_id,
    company: userRegistrations.company,
    created_at: userRegistrations.created_at,
  },
  defaultSort: 'user_registration_id',
  tiebreak: userRegistrations.user_registration_id,
  searchText: sql`lower(${userRegistrations.login_id} || ' ' || ${userRegistrations.company} || ' ' || ${userRegistrations.family_name} || ' ' || ${userRegistrations.given_name})`,
};

const filterFields = filterFieldsOf(REGISTRATION_FILTER_FIELDS, {
  login_id: userRegistrations.login_id,
  company: userRegistrations.company,
  kind: userRegistrations.kind,
});

const filters = (q: ListQuery): (SQL | undefined)[] => [
  q.status ? eq(userRegistrations.status, q.status) : undefined,
  q.kind ? eq(userRegistrations.kind, q.kind) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

export type RegistrationRow = typeof userRegistrations.$inferSelect & { referred_by_office: string | null };

const withOffice = (db: DbOrTx) =>
  db
    .select({ ...getTableColumns(userRegistrations), referred_by_office: offices.short_name })
    .from(userRegistrations)
    .leftJoin(offices, eq(offices.office_id, userRegistrations.referred_by_office_party_id));

/** Registration queries (the only place with SQL for this module). */
export const registrationRepository = {
  page(db: DbOrTx, q: ListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      withOffice(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order, at most `limit` (the export). */
  all(db: DbOrTx, q: ListQuery, limit: number): Promise<RegistrationRow[]> {
    return withOffice(db)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number, forUpdate = false): Promise<RegistrationRow | undefined> {
    const q = withOffice(db).where(eq(userRegistrations.user_registration_id, id));
    const [row] = forUpdate ? await q.for('update', { of: userRegistrations }) : await q;
    return row;
  },

  /** The newest registration of a login id (case-insensitive). */
  async latestByLogin(db: DbOrTx, loginId: string) {
    const [row] = await db
      .select()
      .from(userRegistrations)
      .where(sql`lower(${userRegistrations.login_id}) = lower(${loginId})`)
      .orderBy(desc(userRegistrations.user_registration_id))
      .limit(1)
      .for('update');
    return row;
  },

  /** Serialises registrations of one login id until the transaction ends. */
  lockLogin(db: DbOrTx, loginId: string) {
    return db.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`registration:${loginId.toLowerCase()}`}))`,
    );
  },

  /** A pending registration of a login id, if any. */
  async pendingByLogin(db: DbOrTx, loginId: string) {
    const [row] = await db
      .select()
      .from(userRegistrations)
      .where(
        and(sql`lower(${userRegistrations.login_id}) = lower(${loginId})`, eq(userRegistrations.status, 'P')),
      )
      .limit(1);
    return row;
  },

  async userByLogin(db: DbOrTx, loginId: string) {
    const [row] = await db
      .select({ user_uid: users.user_uid, status: users.status })
      .from(users)
      .where(sql`lower(${users.login_id}) = lower(${loginId})`);
    return row;
  },

  async countryExists(db: DbOrTx, code: string): Promise<boolean> {
    const [row] = await db
      .select({ c: countries.country_code })
      .from(countries)
      .where(eq(countries.country_code, code));
    return !!row;
  },

  offices(db: DbOrTx, groups?: readonly string[]) {
    return db
      .select({ party_id: offices.office_id, short_name: offices.short_name, group_id: offices.group_id })
      .from(offices)
      .where(groups ? inArray(offices.group_id, [...groups]) : undefined)
      .orderBy(offices.short_name);
  },

  async officeById(db: DbOrTx, id: number) {
    const [row] = await db.select().from(offices).where(eq(offices.office_id, id));
    return row;
  },

  /** The head office (the default office of an approved application without a referred office). */
  async headOfficeId(db: DbOrTx): Promise<number | null> {
    const [row] = await db
      .select({ id: offices.office_id })
      .from(offices)
      .orderBy(desc(offices.is_head_office), offices.office_id)
      .limit(1);
    return row?.id ?? null;
  },

  async officeByCode(db: DbOrTx, code: string) {
    const [row] = await db.select().from(offices).where(eq(offices.code, code));
    return row;
  },

  async profileTypeByCode(db: DbOrTx, code: string) {
    const [row] = await db.select().from(profileTypes).where(eq(profileTypes.code, code));
    return row;
  },

  async roleByCode(db: DbOrTx, code: string) {
    const [row] = await db.select().from(roles).where(eq(roles.code, code));
    return row;
  },

  partiesByCode(db: DbOrTx, codes: string[]) {
    if (!codes.length) return Promise.resolve([]);
    return db
      .select({ party_id: parties.party_id, party_code: parties.party_code })
      .from(parties)
      .where(inArray(parties.party_code, codes));
  },

  partyGroupsByName(db: DbOrTx, names: string[]) {
    if (!names.length) return Promise.resolve([]);
    return db
      .select({ party_group_id: partyGroups.party_group_id, group_name: partyGroups.group_name })
      .from(partyGroups)
      .where(inArray(partyGroups.group_name, names));
  },

  tradelanesByName(db: DbOrTx, names: string[]) {
    if (!names.length) return Promise.resolve([]);
    return db
      .select({ tradelane_id: tradelanes.tradelane_id, tradelane_name: tradelanes.tradelane_name })
      .from(tradelanes)
      .where(inArray(tradelanes.tradelane_name, names));
  },

  async insertUser(
    db: DbOrTx,
    v: { login_id: string; first_name: string; last_name: string },
  ): Promise<string> {
    const [row] = await db
      .insert(users)
      .values({ ...v, status: 'P', created_by: 'registration', updated_by: 'registration' })
      .returning({ user_uid: users.user_uid });
    return row.user_uid;
  },

  async insertProfile(
    db: DbOrTx,
    v: {
      user_uid: string;
      profile_type_id: number;
      role_id: number;
      office_id: number | null;
      sort_order: number;
    },
  ): Promise<number> {
    const [row] = await db
      .insert(userProfiles)
      .values({ ...v, status: 'P', user_level_id: 1 })
      .returning({ id: userProfiles.user_profile_id });
    return row.id;
  },

  insert(db: DbOrTx, v: typeof userRegistrations.$inferInsert) {
    return db.insert(userRegistrations).values(v).returning();
  },

  update(db: DbOrTx, id: number, v: Partial<typeof userRegistrations.$inferInsert>) {
    return db
      .update(userRegistrations)
      .set({ ...v, updated_at: sql`now()`, version: sql`${userRegistrations.version} + 1` })
      .where(eq(userRegistrations.user_registration_id, id))
      .returning();
  },

  setUserPassword(db: DbOrTx, userUid: string, passwordHash: string) {
    return db
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(users.user_uid, userUid));
  },

  /** Approval: the user and its pending profiles become active. */
  async activateUser(db: DbOrTx, userUid: string, by: string) {
    await db
      .update(users)
      .set({ status: 'A', updated_by: by, updated_at: sql`now()` })
      .where(and(eq(users.user_uid, userUid), eq(users.status, 'P')));
    await db
      .update(userProfiles)
      .set({ status: 'A' })
      .where(and(eq(userProfiles.user_uid, userUid), eq(userProfiles.status, 'P')));
  },

  /** Rejection frees the login id: the pending user (never active) and its profiles go. */
  deletePendingUser(db: DbOrTx, userUid: string) {
    return db.delete(users).where(and(eq(users.user_uid, userUid), eq(users.status, 'P')));
  },

  profileIdsOf(db: DbOrTx, userUid: string) {
    return db
      .select({ id: userProfiles.user_profile_id })
      .from(userProfiles)
      .where(eq(userProfiles.user_uid, userUid));
  },
};
