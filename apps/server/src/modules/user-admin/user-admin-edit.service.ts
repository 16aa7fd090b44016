import {
  duplicateProfileTypes,
  MSG,
  type TFieldError,
  type ZCreateUserRequest,
  type ZUpdateUserRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { versionedRecord } from '../../platform/audit/versioned-record';
import { hashPassword } from '../../platform/auth/password';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { checkPasswordPolicy, policyError } from '../auth';
import { userAdminRepository as repo, type UserRow } from './user-admin.repository';
import { userEditRepository as edit, type ProfileRow } from './user-admin-edit.repository';
import { fullUser, type UserWithProfiles } from './user-admin-full';

type CreateInput = z.output<typeof ZCreateUserRequest>;
type UpdateInput = z.output<typeof ZUpdateUserRequest>;
type Fields = Omit<CreateInput, 'password'>;

/** Same entity name as the status actions, so one history shows everything. */
const USER_ENTITY = 'user';
const TRACKED = ['login_id', 'first_name', 'last_name', 'default_lang'] as const;
const dupLogin = (v: string) =>
  duplicateError([{ field: 'login_id', msgKey: MSG.userDuplicateLoginId, params: { value: v } }]);
const onUnique = (e: unknown, v: Fields) =>
  rethrowUniqueViolation(e, {
    users_login_id_uq: { field: 'login_id', msgKey: MSG.userDuplicateLoginId, value: v.login_id },
  });

/**
 * 001 §5 User maintenance: profile types unique per user, one function role per profile, and every code
 * or id an existing record. Answers the profiles with ids resolved, or throws 400 naming each field.
 */
async function resolve(tx: DbOrTx, v: Fields, uid?: string) {
  const errors: TFieldError[] = [];
  const unknown = (field: string, value: string | number) =>
    errors.push({ field, msgKey: MSG.referenceUnknown, params: { value } });
  for (const i of duplicateProfileTypes(v.profiles))
    errors.push({
      field: `profiles.${i}.profile_type`,
      msgKey: MSG.userProfileTypeDuplicate,
      params: { value: v.profiles[i].profile_type },
    });
  const types = await edit.profileTypesByCode(tx);
  const roles = await edit.rolesByCode(tx);
  const offices = await edit.officesByCode(tx);
  const groups = await edit.existingPartyGroups(tx, [
    ...new Set(v.profiles.flatMap((p) => p.party_group_ids)),
  ]);
  const lanes = await edit.existingTradelanes(tx, [...new Set(v.profiles.flatMap((p) => p.tradelane_ids))]);
  const own = uid ? await edit.profileIdsOf(tx, uid) : new Set<number>();
  const rows: ProfileRow[] = v.profiles.map((p, i) => {
    const at = (f: string) => `profiles.${i}.${f}`;
    const type = types.get(p.profile_type.toUpperCase());
    const role = roles.get(p.role.toUpperCase());
    const office = p.office_code ? offices.get(p.office_code.toUpperCase()) : undefined;
    if (!type) unknown(at('profile_type'), p.profile_type);
    if (!role) unknown(at('role'), p.role);
    if (p.office_code && !office) unknown(at('office_code'), p.office_code);
    if (p.user_profile_id && !own.has(p.user_profile_id)) unknown(at('user_profile_id'), p.user_profile_id);
    for (const g of p.party_group_ids) if (!groups.has(g)) unknown(at('party_group_ids'), g);
    for (const l of p.tradelane_ids) if (!lanes.has(l)) unknown(at('tradelane_ids'), l);
    return {
      user_profile_id: p.user_profile_id,
      profile_type_id: type?.profile_type_id ?? 0,
      role_id: role?.role_id ?? 0,
      office_id: office?.office_id ?? null,
      user_level_id: p.user_level_id,
      party_type_ids: [...new Set(p.party_type_ids)],
      all_party: p.all_party,
      party_group_ids: [...new Set(p.party_group_ids)],
      tradelane_ids: [...new Set(p.tradelane_ids)],
    };
  });
  const office = v.office_code ? offices.get(v.office_code.toUpperCase()) : undefined;
  if (v.office_code && !office) unknown('office_code', v.office_code);
  if (v.country_code && !(await edit.countryExists(tx, v.country_code)))
    unknown('country_code', v.country_code);
  if (errors.length) throw badRequest(errors, errors[0].msgKey);
  return { rows, office_id: office?.office_id ?? null };
}

async function saveRest(tx: DbOrTx, uid: string, v: Fields, r: Resolved) {
  await edit.saveDetails(tx, uid, {
    address: v.address,
    zip: v.zip,
    country_code: v.country_code?.toUpperCase() ?? null,
    phone: v.phone,
    fax: v.fax,
    company: v.company,
    position: v.position,
    department: v.department,
    sales_code: v.sales_code,
    referred_by: v.referred_by,
    office_id: r.office_id,
  });
  await edit.saveSalesCodes(tx, uid, [...new Set(v.sales_codes)]);
  await edit.saveProfiles(tx, uid, r.rows);
}

/** What a save writes: the fields, and on create the password (if set). */
type Values = Fields & Partial<Pick<CreateInput, 'password'>>;
type Resolved = Awaited<ReturnType<typeof resolve>>;
/** The user's own columns a save writes. */
const columns = (v: Values) => ({
  login_id: v.login_id,
  first_name: v.first_name,
  last_name: v.last_name,
  default_lang: v.default_lang,
});

/**
 * Create and update with version check and history (versionedRecord, one history with the status actions):
 * the login id is unique and every code and id exists (`resolve`); details, sales codes and profiles are saved
 * after the user from what `resolve` found; every save records an update entry with the status, changed or not.
 */
const versioned = versionedRecord<UserRow, Values, string, UserWithProfiles, Resolved>({
  entityType: USER_ENTITY,
  repo: {
    byId: repo.byId,
    insert: async (db, v) =>
      edit.insertUser(db, {
        ...columns(v),
        status: 'A',
        password_hash: v.password ? await hashPassword(v.password) : null,
        force_change_password: !!v.password,
        created_by: v.created_by,
        updated_by: v.updated_by,
      }),
    updateIfVersion: (db, uid, version, v) =>
      repo.updateIfVersion(db, uid, version, { ...columns(v), updated_by: v.updated_by }),
  },
  idOf: (r) => r.user_uid,
  editable: TRACKED,
  statusOf: (r) => r.status,
  check: async (tx, v, uid) => {
    if (await edit.loginIdTaken(tx, v.login_id, uid)) throw dupLogin(v.login_id);
    return resolve(tx, v, uid);
  },
  onError: onUnique,
  children: { write: (tx, uid, v, resolved) => saveRest(tx, uid, v, resolved) },
  recordUnchanged: true,
  answer: (tx, row) => fullUser(tx, row),
});

/** Creating and editing users on /BMS/user_maintenance (001 §3 User, §5 User maintenance). */
export const userEditService = {
  /** The choice lists of the form. */
  formOptions: (db: Db) => edit.formOptions(db),

  /** A new active user; a password set here (the one password policy) must be changed at the first sign-in. */
  async create(db: Db, opts: { body: CreateInput; actor: Actor; strongPasswords: boolean }) {
    const v = opts.body;
    if (v.password) {
      const problem = await checkPasswordPolicy(db, v.password, { strong: opts.strongPasswords });
      if (problem) throw policyError(problem, 'password');
    }
    return versioned.create({ db, input: v, actor: opts.actor });
  },

  /** Saves every field under the version the administrator loaded. */
  update: (db: Db, opts: { uid: string; body: UpdateInput; actor: Actor }) =>
    versioned.update({ db, id: opts.uid, input: opts.body, actor: opts.actor }),
};
