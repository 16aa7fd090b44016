import {
  PARTY_MSG,
  type TAccountGroup,
  type TAccountGroupListQuery,
  type ZCreateAccountGroupRequest,
  type ZUpdateAccountGroupRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db } from '../../platform/db/client';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import { uniqueConstraintOf } from '../../platform/errors/unique-violation';
import { type AccountGroupRow, accountGroupRepository as repo } from './account-group.repository';
import { who } from './party.service';

export const ACCOUNT_GROUP_ENTITY = 'account_group';
type CreateInput = z.output<typeof ZCreateAccountGroupRequest>;
type UpdateInput = z.output<typeof ZUpdateAccountGroupRequest>;

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

/** Account group code maintenance: codes are unique, edits carry a version. */
export const accountGroupService = {
  list: (db: Db, q: TAccountGroupListQuery) => repo.page(db, q),

  async get(db: Db, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  history: (db: Db, id: number) => listHistory(db, ACCOUNT_GROUP_ENTITY, id),

  async create({ db, input, actor }: { db: Db; input: CreateInput; actor: Actor }) {
    return db
      .transaction(async (tx) => {
        if (await repo.codeTaken(tx, input.code)) throw duplicateCode(input.code);
        const row = await repo.insert(tx, {
          ...input,
          created_by: actor.login_id,
          updated_by: actor.login_id,
        });
        await recordHistory(tx, {
          entityType: ACCOUNT_GROUP_ENTITY,
          entityId: row.customer_id,
          action: 'create',
          toStatus: row.status,
          actor: who(actor),
        });
        return row;
      })
      .catch((e) => mapUniqueViolation(e, input.code));
  },

  async update({ db, id, input, actor }: { db: Db; id: number; input: UpdateInput; actor: Actor }) {
    const { version, ...values } = input;
    return db
      .transaction(async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        if (await repo.codeTaken(tx, values.code, id)) throw duplicateCode(values.code);
        const row = await repo.updateIfVersion(tx, id, version, { ...values, updated_by: actor.login_id });
        if (!row) throw conflict();
        const changes = diffFields(before, values, ['code', 'name', 'status']);
        if (Object.keys(changes).length)
          await recordHistory(tx, {
            entityType: ACCOUNT_GROUP_ENTITY,
            entityId: id,
            action: 'update',
            fromStatus: before.status,
            toStatus: row.status,
            changes,
            actor: who(actor),
          });
        return row;
      })
      .catch((e) => mapUniqueViolation(e, values.code));
  },
};
