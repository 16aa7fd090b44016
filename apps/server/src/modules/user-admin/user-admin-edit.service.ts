import {
  duplicateProfileTypes,
  MSG,
  type TFieldError,
  type ZCreateUserRequest,
  type ZUpdateUserRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import { hashPassword } from '../../platform/auth/password';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { checkPasswordPolicy, policyError } from '../auth';
import { userAdminRepository as repo } from './user-admin.repository';
import { userEditRepository as edit, type ProfileRow } from './user-admin-edit.repository';
import { fullUser } from './user-admin-full';

type CreateInput = z.output<typeof ZCreateUserRequest>;
type UpdateInput = z.output<typeof ZUpdateUserRequest>;
type Fields = Omit<CreateInput, 'password'>;

/** Same entity name as the status actions, so one history shows everything. */
const USER_ENTITY = 'user';
const TRACKED = ['login_id', 'first_name', 'last_name', 'default_lang'] as const;
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });
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

async function saveRest(tx: DbOrTx, uid: string, v: Fields, r: Awaited<ReturnType<typeof resolve>>) {
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
    try {
      return await db.transaction(async (tx) => {
        if (await edit.loginIdTaken(tx, v.login_id)) throw dupLogin(v.login_id);
        const resolved = await resolve(tx, v);
        const row = await edit.insertUser(tx, {
          login_id: v.login_id,
          first_name: v.first_name,
          last_name: v.last_name,
          default_lang: v.default_lang,
          status: 'A',
          password_hash: v.password ? await hashPassword(v.password) : null,
          force_change_password: !!v.password,
          created_by: opts.actor.login_id,
          updated_by: opts.actor.login_id,
        });
        await saveRest(tx, row.user_uid, v, resolved);
        await recordHistory(tx, {
          entityType: USER_ENTITY,
          entityId: row.user_uid,
          action: 'create',
          toStatus: row.status,
          actor: who(opts.actor),
        });
        return fullUser(tx, row);
      });
    } catch (e) {
      return onUnique(e, v);
    }
  },

  /** Saves every field under the version the administrator loaded. */
  async update(db: Db, opts: { uid: string; body: UpdateInput; actor: Actor }) {
    const { version, ...v } = opts.body;
    try {
      return await db.transaction(async (tx) => {
        const before = await repo.byId(tx, opts.uid, true);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        if (await edit.loginIdTaken(tx, v.login_id, opts.uid)) throw dupLogin(v.login_id);
        const resolved = await resolve(tx, v, opts.uid);
        const values = {
          login_id: v.login_id,
          first_name: v.first_name,
          last_name: v.last_name,
          default_lang: v.default_lang,
        };
        const row = await repo.updateIfVersion(tx, opts.uid, version, {
          ...values,
          updated_by: opts.actor.login_id,
        });
        if (!row) throw conflict();
        await saveRest(tx, opts.uid, v, resolved);
        await recordHistory(tx, {
          entityType: USER_ENTITY,
          entityId: opts.uid,
          action: 'update',
          fromStatus: before.status,
          toStatus: row.status,
          changes: diffFields(before, row, TRACKED),
          actor: who(opts.actor),
        });
        return fullUser(tx, row);
      });
    } catch (e) {
      return onUnique(e, v);
    }
  },
};
