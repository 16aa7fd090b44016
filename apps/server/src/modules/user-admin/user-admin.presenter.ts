import type { TAdminUser } from '@portal/contracts';
import type { UserWithProfiles } from './user-admin-full';

const iso = (v: string) => new Date(v).toISOString();

/** What a user looks like to an administrator: no password hash, lockout as a flag. */
export const presentAdminUser = (r: UserWithProfiles): TAdminUser => ({
  user_uid: r.user_uid,
  login_id: r.login_id,
  first_name: r.first_name,
  last_name: r.last_name,
  status: r.status,
  default_lang: r.default_lang,
  locked: r.locked_at !== null,
  failed_login_count: r.failed_login_count,
  force_change_password: r.force_change_password,
  last_login_at: r.last_login_at ? iso(r.last_login_at) : null,
  profiles: r.profiles,
  ...(r.details ? { details: r.details } : {}),
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});
