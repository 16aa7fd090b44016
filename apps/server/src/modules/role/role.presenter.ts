import type { TRoleRecord } from '@portal/contracts';
import type { RoleWithFuncs } from './role.service';

const iso = (v: string) => new Date(v).toISOString();

/** What a role looks like on the API. */
export const presentRole = (r: RoleWithFuncs): TRoleRecord => ({
  role_id: r.role_id,
  code: r.code,
  name: r.name,
  func_ids: r.func_ids,
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});
