import {
  MAX_EXPORT_ROWS,
  MSG,
  type TPartyGroupListQuery,
  type ZCreatePartyGroupRequest,
  ZPartyGroupFields,
} from '@portal/contracts';
import type { z } from 'zod';
import { listHistory } from '../../platform/audit/history';
import { versionedRecord } from '../../platform/audit/versioned-record';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { partyGroupRepository as repo } from './party-group.repository';

export const PARTY_GROUP_ENTITY = 'party_group';
type PartyGroupInput = z.output<typeof ZCreatePartyGroupRequest>;

/** Fields whose changes the history records (members are recorded as a list of party codes). */
const EDITABLE = Object.keys(ZPartyGroupFields.shape).filter((f) => f !== 'party_ids') as (
  | 'group_name'
  | 'group_type'
  | 'sub_group'
)[];

const duplicateName = (name: string) =>
  duplicateError([{ field: 'group_name', msgKey: MSG.partyGroupDuplicateName, params: { value: name } }]);
const onUniqueViolation = (e: unknown, v: PartyGroupInput) =>
  rethrowUniqueViolation(e, {
    party_groups_name_uq: { field: 'group_name', msgKey: MSG.partyGroupDuplicateName, value: v.group_name },
  });

/** Every member must be an existing party; unknown ids answer 400 on `party_ids`. */
async function assertMembers(tx: DbOrTx, ids: number[]) {
  const known = await repo.existingParties(tx, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) {
    throw badRequest(
      unknown.map((id) => ({
        field: 'party_ids',
        msgKey: MSG.partyGroupMemberUnknown,
        params: { value: id },
      })),
    );
  }
}

const memberCodes = async (tx: DbOrTx, id: number) =>
  (await repo.members(tx, id)).map((m) => m.party_code).join(', ');

/** A group with its members, as the API shows it. */
async function withMembers(tx: DbOrTx, id: number) {
  const row = await repo.byId(tx, id);
  if (!row) throw notFound();
  return { ...row, members: await repo.members(tx, id) };
}

/** The group's own columns (the members are child rows). */
const columns = <V extends { party_ids?: number[] }>({ party_ids: _, ...cols }: V) => cols;

/**
 * Create and update with version check and history (versionedRecord): the name is unique and every member an
 * existing party; the members are child rows, recorded in an update's history as one text of party codes.
 */
const versioned = versionedRecord({
  entityType: PARTY_GROUP_ENTITY,
  repo: {
    // versionedRecord reads the stored row only to update it: locked.
    byId: (db: DbOrTx, id: number) => repo.lock(db, id),
    insert: (db: DbOrTx, values: PartyGroupInput & { created_by: string; updated_by: string }) =>
      repo.insert(db, columns(values)),
    updateIfVersion: (
      db: DbOrTx,
      id: number,
      version: number,
      values: PartyGroupInput & { updated_by: string },
    ) => repo.updateIfVersion(db, id, version, columns(values)),
  },
  idOf: (r) => r.party_group_id,
  editable: EDITABLE,
  check: async (tx, v: PartyGroupInput, id) => {
    if (await repo.byName(tx, v.group_name, id)) throw duplicateName(v.group_name);
    await assertMembers(tx, v.party_ids);
  },
  onError: onUniqueViolation,
  children: {
    fields: ['members'],
    write: (tx, id, v) => repo.replaceMembers(tx, id, v.party_ids),
    read: async (tx, id) => ({ members: await memberCodes(tx, id) }),
  },
  answer: (tx, row) => withMembers(tx, row.party_group_id),
});

/** Party group maintenance rules (001 §3 Party group; the name is unique, 001 §5 Party and §8). */
export const partyGroupService = {
  list: (db: Db, query: TPartyGroupListQuery) => repo.page(db, query),

  get: (db: Db, id: number) => withMembers(db, id),

  /** Rows for an export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, query: TPartyGroupListQuery) {
    const rows = await repo.all(db, query, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  history: (db: Db, id: number) => listHistory(db, PARTY_GROUP_ENTITY, id),

  /** Creates a group with its members (the answer lists them). */
  create: versioned.create,

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  update: versioned.update,
};
