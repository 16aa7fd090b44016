import {
  MAX_EXPORT_ROWS,
  MSG,
  type TPartyGroupListQuery,
  type ZCreatePartyGroupRequest,
  ZPartyGroupFields,
  type ZUpdatePartyGroupRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { duplicateError, rethrowUniqueViolation } from '../../platform/errors/unique-violation';
import { assertExportSize } from '../../platform/export/excel';
import { partyGroupRepository as repo } from './party-group.repository';

export const PARTY_GROUP_ENTITY = 'party_group';
type PartyGroupInput = z.output<typeof ZCreatePartyGroupRequest>;
type PartyGroupUpdate = z.output<typeof ZUpdatePartyGroupRequest>;

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
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

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

  async create({ db, input, actor }: { db: Db; input: PartyGroupInput; actor: Actor }) {
    const { party_ids, ...values } = input;
    return db
      .transaction(async (tx) => {
        if (await repo.byName(tx, values.group_name)) throw duplicateName(values.group_name);
        await assertMembers(tx, party_ids);
        const id = await repo.insert(tx, {
          ...values,
          created_by: actor.login_id,
          updated_by: actor.login_id,
        });
        await repo.replaceMembers(tx, id, party_ids);
        await recordHistory(tx, {
          entityType: PARTY_GROUP_ENTITY,
          entityId: id,
          action: 'create',
          actor: who(actor),
        });
        return withMembers(tx, id);
      })
      .catch((e) => onUniqueViolation(e, input));
  },

  /** Saves an edit made on `input.version`; a newer stored version answers "record not latest". */
  async update({ db, id, input, actor }: { db: Db; id: number; input: PartyGroupUpdate; actor: Actor }) {
    const { version, party_ids, ...values } = input;
    return db
      .transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) throw notFound();
        if (before.version !== version) throw conflict();
        if (await repo.byName(tx, values.group_name, id)) throw duplicateName(values.group_name);
        await assertMembers(tx, party_ids);
        if (!(await repo.updateIfVersion(tx, id, version, { ...values, updated_by: actor.login_id }))) {
          throw conflict();
        }
        const membersBefore = await memberCodes(tx, id);
        await repo.replaceMembers(tx, id, party_ids);
        const membersAfter = await memberCodes(tx, id);
        // The stored group before against after, members as one text each.
        const changes = diffFields(
          { ...before, members: membersBefore },
          { ...(await repo.byId(tx, id)), members: membersAfter },
          [...EDITABLE, 'members'],
        );
        if (Object.keys(changes).length) {
          await recordHistory(tx, {
            entityType: PARTY_GROUP_ENTITY,
            entityId: id,
            action: 'update',
            changes,
            actor: who(actor),
          });
        }
        return withMembers(tx, id);
      })
      .catch((e) => onUniqueViolation(e, { ...values, party_ids }));
  },
};
