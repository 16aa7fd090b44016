import {
  isRegistrationEmail,
  LOCATION_OFFICE_GROUPS,
  REG_MSG,
  REGISTRATION_USER_TYPES,
  SHIPPER_USER_TYPE,
  type TKeyValueOption,
  type TSisProfile,
  type TUpdateNewUserPasswordRequest,
  type TValidateSisUserResponse,
  type ZRegisterApplicationRequest,
  type ZRegisterUserRequest,
  type ZRegistrationDetails,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import { recordHistory } from '../../platform/audit/history';
import { hashPassword } from '../../platform/auth/password';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest } from '../../platform/errors/app-error';
import { notifyRegistration } from '../../platform/notify/notify';
import { checkPasswordPolicy, policyError } from '../auth';
import { registrationRepository as repo } from './registration.repository';
import { activationLink, queueActivationMail } from './registration-mail';
import { activationWindowOpen, newActivationToken, tokenMatches } from './registration-token';
import type { SisAccount, SisAdapter } from './sis-adapter';

type Details = z.infer<typeof ZRegistrationDetails>;
type ApplicationInput = z.infer<typeof ZRegisterApplicationRequest>;
type SisRegisterInput = z.infer<typeof ZRegisterUserRequest>;

/** The applicant, as status history names them (no portal user yet). */
const applicant = (loginId: string) => ({ uid: '00000000-0000-0000-0000-000000000000', name: loginId });
export const REGISTRATION_ENTITY = 'user_registration';

/** Location types of the without-SIS wizard (pkey 1..3, see LOCATION_OFFICE_GROUPS). */
const LOCATIONS: TKeyValueOption[] = [
  { pkey: '1', pvalue: 'South China' },
  { pkey: '2', pvalue: 'North China' },
  { pkey: '3', pvalue: 'South East Asia, Los Angeles and India' },
];

const loginExists = () =>
  new AppError(409, REG_MSG.loginIdExists, {
    details: [{ field: 'login_id', msgKey: REG_MSG.loginIdExists }],
  });

/** Country code, when given, must be a known country (000 §5). */
async function checkCountry(db: DbOrTx, code: string | null) {
  if (code && !(await repo.countryExists(db, code)))
    throw badRequest([{ field: 'co_country_code', msgKey: REG_MSG.countryCodeInvalid }]);
}

const detailColumns = (d: Details) => ({
  login_id: d.login_id,
  email2: d.login_id,
  family_name: d.family_name.trim(),
  given_name: d.given_name.trim(),
  co_address1: d.co_address1,
  co_address2: d.co_address2,
  co_address3: d.co_address3,
  co_address4: d.co_address4,
  co_country_code: d.co_country_code,
  phone: d.phone,
  fax: d.fax,
  company: d.company,
  department: d.department,
  position: d.position,
});

/** Maps a SIS account's profiles to this portal's ids; null when any of them cannot be mapped. */
async function mapSisProfiles(db: DbOrTx, account: SisAccount): Promise<TSisProfile[] | null> {
  if (!account.profiles.length) return null;
  const out: TSisProfile[] = [];
  for (const p of account.profiles) {
    const type = await repo.profileTypeByCode(db, p.profile_type);
    const role = await repo.roleByCode(db, p.role);
    const office = p.office ? await repo.officeByCode(db, p.office) : undefined;
    const partyRows = await repo.partiesByCode(db, p.parties);
    const groupRows = await repo.partyGroupsByName(db, p.party_groups);
    const laneRows = await repo.tradelanesByName(db, p.tradelanes);
    const mapped =
      type &&
      role &&
      (!p.office || office) &&
      p.parties.every((c) => partyRows.some((r) => r.party_code === c)) &&
      p.party_groups.every((n) => groupRows.some((r) => r.group_name === n)) &&
      p.tradelanes.every((n) => laneRows.some((r) => r.tradelane_name === n));
    if (!mapped || !type || !role) return null;
    out.push({
      profile_type_id: type.profile_type_id,
      profile_type: type.code,
      office_id: office?.office_id ?? null,
      status: 'P',
      action: 'i',
      parties: partyRows.map((r) => ({ ...r, action: 'i', status: 'P' })),
      roles: [{ role_id: role.role_id, role_code: role.code, action: 'i' }],
      party_groups: groupRows.map((r) => ({ ...r, action: 'i' })),
      tradelanees: laneRows.map((r) => ({ ...r, action: 'i', status: 'P' })),
    });
  }
  return out;
}

/** Self-registration rules (000 §4 Registration with and without SIS, §5, §8). */
/**
 * Stores a submitted registration of either kind with a new activation token (by the applicant), its history
 * entry, the submitted notice and the activation mail; answers its id.
 */
/**
 * The applicant's pending user, created here, or the registration a double submit finds: one submit per login
 * id at a time (a double submit waits on the lock, then finds the first one's row); a login id in use is refused.
 */
async function pendingUser(
  tx: DbOrTx,
  input: { login_id: string; given_name: string; family_name: string },
  kind: 'SIS' | 'APPLICATION',
  sisUserId?: string,
): Promise<{ again: number } | { user_uid: string }> {
  await repo.lockLogin(tx, input.login_id);
  const again = await registrationService.samePending(tx, input.login_id, kind, sisUserId);
  if (again) return { again };
  if (await repo.userByLogin(tx, input.login_id)) throw loginExists();
  const user_uid = await repo.insertUser(tx, {
    login_id: input.login_id,
    first_name: input.given_name.trim(),
    last_name: input.family_name.trim(),
  });
  return { user_uid };
}

type RegistrationInsert = Parameters<typeof repo.insert>[1];
async function submitted(
  tx: DbOrTx,
  config: AppConfig,
  values: Omit<RegistrationInsert, 'token_hash' | 'token_issued_at' | 'created_by' | 'updated_by'> & {
    kind: 'SIS' | 'APPLICATION';
    login_id: string;
  },
) {
  const { token, hash } = newActivationToken();
  const [row] = await repo.insert(tx, {
    ...values,
    token_hash: hash,
    token_issued_at: new Date().toISOString(),
    created_by: values.login_id,
    updated_by: values.login_id,
  });
  await recordHistory(tx, {
    entityType: REGISTRATION_ENTITY,
    entityId: row.user_registration_id,
    action: 'register',
    toStatus: 'P',
    actor: applicant(values.login_id),
  });
  await notifyRegistration(tx, 'REGISTRATION_SUBMITTED', row, null);
  const link = activationLink(config.mail.publicBaseUrl, values.kind, values.login_id, token);
  await queueActivationMail(tx, values.login_id, `${row.given_name} ${row.family_name}`, link);
  return row.user_registration_id;
}

export const registrationService = {
  async userTypeOptions(db: Db): Promise<TKeyValueOption[]> {
    const out: TKeyValueOption[] = [];
    for (const code of REGISTRATION_USER_TYPES) {
      const t = await repo.profileTypeByCode(db, code);
      if (t) out.push({ pkey: t.code, pvalue: t.name });
    }
    return out;
  },

  locationOptions: (): TKeyValueOption[] => LOCATIONS,

  /** Offices, filtered by location type: 1 → SCH, 2 → NCH, 3 → SEA, LPA, IND (000 §5). */
  officeOptions: (db: Db, locationTypeId?: number) =>
    repo.offices(db, locationTypeId ? LOCATION_OFFICE_GROUPS[locationTypeId] : undefined),

  /** GET /admin/validateuserprofile: message keys why this login id cannot register (empty = fine). */
  async validateUserProfile(db: Db, loginId: string, checkIsRegistered: boolean) {
    const login = loginId.trim().toLowerCase();
    if (!isRegistrationEmail(login)) return [{ msg_key: REG_MSG.loginIdEmail }];
    if (await repo.userByLogin(db, login)) return [{ msg_key: REG_MSG.loginIdExists }];
    if (checkIsRegistered && (await repo.pendingByLogin(db, login)))
      return [{ msg_key: REG_MSG.loginIdExists }];
    return [];
  },

  /**
   * POST /admin/registerapplication: a pending user (status P) and the application, and the activation
   * e-mail. Submitting the same login id again while its application is pending and not activated answers
   * that application (no second row, no second e-mail).
   */
  async registerApplication({ db, config, input }: { db: Db; config: AppConfig; input: ApplicationInput }) {
    const shipper = input.user_type_id === SHIPPER_USER_TYPE;
    const location = shipper && input.location_type_id ? input.location_type_id : null;
    const officeId = shipper && input.referred_by_office_party_id ? input.referred_by_office_party_id : null;
    const referredBy = shipper ? input.referred_by : null;
    await checkCountry(db, input.co_country_code);
    if (officeId) {
      const office = await repo.officeById(db, officeId);
      const groups = location ? LOCATION_OFFICE_GROUPS[location] : undefined;
      if (!office || (groups && !groups.includes(office.group_id)))
        throw badRequest([{ field: 'referred_by_office_party_id', msgKey: REG_MSG.officeNotInLocation }]);
    }
    return db.transaction(async (tx) => {
      const pending = await pendingUser(tx, input, 'APPLICATION');
      if ('again' in pending) return pending.again;
      const { user_uid } = pending;
      return submitted(tx, config, {
        kind: 'APPLICATION',
        user_uid,
        ...detailColumns(input),
        user_type_id: input.user_type_id,
        location_type_id: location,
        referred_by: referredBy,
        referred_by_office_party_id: officeId,
      });
    });
  },

  /** The id of a pending, not yet activated registration of this kind for the login id (idempotent submit). */
  async samePending(db: DbOrTx, loginId: string, kind: 'SIS' | 'APPLICATION', sisUserId?: string) {
    const row = await repo.pendingByLogin(db, loginId);
    if (!row || row.kind !== kind || row.activated_at) return null;
    if (kind === 'SIS' && row.sis_user_id !== sisUserId) return null;
    return row.user_registration_id;
  },

  /** GET /Admin/validateAndGetSISUser: the SIS user mapped to our ids, or msg_type error with a key. */
  async validateSisUser({
    db,
    sis,
    sisUserId,
    password,
  }: {
    db: Db;
    sis: SisAdapter;
    sisUserId: string;
    password: string;
  }): Promise<TValidateSisUserResponse> {
    const auth = await sis.authenticate(sisUserId, password);
    if (!auth.ok) return { msg_type: 'error', msg_key: REG_MSG.sisInvalid };
    const profiles = await mapSisProfiles(db, auth.account);
    if (!profiles) return { msg_type: 'error', msg_key: REG_MSG.sisCannotMap };
    const a = auth.account;
    const addr = (i: number) => a.address[i] ?? null;
    return {
      sis_user_id: a.user_id,
      login_id: a.email.toLowerCase(),
      email2: a.email.toLowerCase(),
      family_name: a.family_name,
      given_name: a.given_name,
      co_address1: addr(0),
      co_address2: addr(1),
      co_address3: addr(2),
      co_address4: addr(3),
      co_country_code: a.country_code,
      phone: a.phone,
      fax: a.fax,
      company: a.company,
      department: a.department,
      position: a.position,
      status: 'P',
      profiles,
    };
  },

  /**
   * POST /admin/registeruser: asks SIS again (the caller's profiles are never trusted), then creates the
   * user and its profiles with status P, the registration with the mapped parties, roles, party groups and
   * trade lanes, and the activation e-mail.
   */
  async registerUser({
    db,
    config,
    sis,
    input,
  }: {
    db: Db;
    config: AppConfig;
    sis: SisAdapter;
    input: SisRegisterInput;
  }) {
    const checked = await this.validateSisUser({
      db,
      sis,
      sisUserId: input.sis_user_id,
      password: input.sis_password,
    });
    if ('msg_type' in checked) throw new AppError(422, checked.msg_key);
    await checkCountry(db, input.co_country_code);
    return db.transaction(async (tx) => {
      const pending = await pendingUser(tx, input, 'SIS', checked.sis_user_id);
      if ('again' in pending) return pending.again;
      const { user_uid } = pending;
      let order = 0;
      for (const p of checked.profiles)
        await repo.insertProfile(tx, {
          user_uid,
          profile_type_id: p.profile_type_id,
          role_id: p.roles[0].role_id,
          office_id: p.office_id,
          sort_order: order++,
        });
      return submitted(tx, config, {
        kind: 'SIS',
        user_uid,
        sis_user_id: checked.sis_user_id,
        ...detailColumns(input),
        profiles: checked.profiles,
      });
    });
  },

  /**
   * The registration an activation link belongs to, when the link is still good: right token, not used,
   * not rejected, issued at most 7 days before `now`. Otherwise 422 with the spec's message.
   */
  async checkActivation(db: DbOrTx, loginId: string, token: string, now: Date) {
    if (!loginId.trim() || !token.trim()) throw new AppError(400, REG_MSG.invalidLink);
    const row = await repo.latestByLogin(db, loginId.trim());
    const ok =
      row &&
      row.status !== 'R' &&
      !row.activated_at &&
      row.user_uid &&
      tokenMatches(token, row.token_hash) &&
      activationWindowOpen(row.token_issued_at, now);
    if (!ok || !row?.user_uid) throw new AppError(422, REG_MSG.activateExpired);
    return { ...row, user_uid: row.user_uid };
  },

  /** GET /admin/activateAccount: validates the link (does not spend it). */
  async activateAccount({
    db,
    loginId,
    token,
    now = new Date(),
  }: {
    db: Db;
    loginId: string;
    token: string;
    now?: Date;
  }) {
    await db.transaction((tx) => this.checkActivation(tx, loginId, token, now));
    return { success: true };
  },

  /** POST /Admin/UpdateNewUserPassword: sets the password and spends the token (single use). */
  async updateNewUserPassword({
    db,
    config,
    input,
    now = new Date(),
  }: {
    db: Db;
    config: AppConfig;
    input: TUpdateNewUserPasswordRequest;
    now?: Date;
  }) {
    // The shared policy (strong rule when configured, common passwords); a new user has no history yet.
    const problem = await checkPasswordPolicy(db, input.password, { strong: config.password.strong });
    if (problem) throw policyError(problem, 'password');
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const row = await this.checkActivation(tx, input.login_id, input.token, now);
      await repo.setUserPassword(tx, row.user_uid, passwordHash);
      await repo.update(tx, row.user_registration_id, {
        activated_at: now.toISOString(),
        token_hash: null,
        updated_by: row.login_id,
      });
      await recordHistory(tx, {
        entityType: REGISTRATION_ENTITY,
        entityId: row.user_registration_id,
        action: 'activate',
        fromStatus: 'P',
        toStatus: 'P',
        actor: applicant(row.login_id),
      });
    });
    return { success: true };
  },
};
