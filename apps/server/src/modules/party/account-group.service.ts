import {
  PARTY_MSG,
  type TAccountGroup,
  type TAccountGroupListQuery,
  type ZCreateAccountGroupRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import { type AccountGroupRow, accountGroupRepository as repo } from './account-group.repository';

export const ACCOUNT_GROUP_ENTITY = 'account_group';
type CreateInput = z.output<typeof ZCreateAccountGroupRequest>;

/** 001 §8: the unique-value message for an account group code. */
const duplicateCode = (code: string) =>
  new AppError(409, PARTY_MSG.accountGroupDuplicateCode, {
    params: { value: code },
    details: [{ field: 'code', msgKey: PARTY_MSG.accountGroupDuplicateCode, params: { value: code } }],
  });

function mapUniqueViolation(e: unknown, code: string): never {
  if (uniqueConstraintOf(e) === 'account_groups_code_uq') throw duplicateCode(code);
  throw e;
}

const iso = (v: string) => new Date(v).toISOString();

/** What an account group looks like on the wire. */
export const presentAccountGroup = (r: AccountGroupRow): TAccountGroup => ({
  ...r,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** Create and update with version check and history (codes are unique). */
const versioned = versionedRecord<AccountGroupRow, CreateInput>({
  entityType: ACCOUNT_GROUP_ENTITY,
  repo,
  idOf: (r) => r.customer_id,
  editable: ['code', 'name', 'status'],
  statusOf: (r) => r.status,
  check: async (tx, v, id) => {
    if (await repo.codeTaken(tx, v.code, id)) throw duplicateCode(v.code);
  },
  onError: (e, v) => mapUniqueViolation(e, v.code),
});

/** Account group code maintenance: codes are unique, edits carry a version. */
export const accountGroupService = {
  list: (db: Db, q: TAccountGroupListQuery) => repo.page(db, q),

  async get(db: Db, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  history: (db: Db, id: number) => listHistory(db, ACCOUNT_GROUP_ENTITY, id),

  /** Account groups for a selection (code or name search, or the chosen ids). */
  options: (db: Db, text: string | null, ids: number[] | null, limit: number) =>
    repo.options(db, text, ids, limit),

  ...versioned,
};
