import {
  PARTY_MSG,
  partyNeedsCam,
  partyTarget,
  partyTransition,
  type ZPartyTransitionRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import type { Db } from '../../platform/db/client';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors/app-error';
import { notifyParty } from '../../platform/notify/notify';
import { partyRepository as repo } from './party.repository';
import { PARTY_ENTITY, partyCountsChanged, who } from './party.service';

type TransitionInput = z.output<typeof ZPartyTransitionRequest>;

/**
 * The approval pipeline of 001 §4 and §6, driven by PARTY_TRANSITIONS in contracts: a move not allowed
 * from the current status answers 422, a profile not allowed to make it 403, a rejection without
 * remarks 422 on `remarks`, a stale version 409. Every move is written to the status history.
 */
export async function transitionParty({
  db,
  id,
  input,
  actor,
}: {
  db: Db;
  id: number;
  input: TransitionInput;
  actor: Actor;
}) {
  const move = partyTransition(input.action);
  const moved = await db.transaction(async (tx) => {
    const before = await repo.byId(tx, id, true);
    if (!before) throw notFound();
    if (before.version !== input.version) throw conflict();
    const target = move && partyTarget(move.action, before.approval_status, partyNeedsCam(before));
    if (!move || !target) {
      throw unprocessable(PARTY_MSG.transitionNotAllowed, [
        {
          field: 'action',
          msgKey: PARTY_MSG.transitionNotAllowed,
          params: { action: input.action, status: before.approval_status },
        },
      ]);
    }
    if (!actor.profile_type || !move.profiles.includes(actor.profile_type)) {
      throw forbidden(PARTY_MSG.actionNotForProfile);
    }
    if (move.remarksRequired && !input.remarks) {
      throw unprocessable(PARTY_MSG.remarksRequired, [
        { field: 'remarks', msgKey: PARTY_MSG.remarksRequired },
      ]);
    }
    const row = await repo.updateIfVersion(tx, id, input.version, {
      approval_status: target,
      approval_reason: move.action,
      approval_remarks: input.remarks,
      updated_by: actor.login_id,
    });
    if (!row) throw conflict();
    await recordHistory(tx, {
      entityType: PARTY_ENTITY,
      entityId: id,
      action: move.action,
      fromStatus: before.approval_status,
      toStatus: target,
      reason: input.remarks,
      actor: who(actor),
    });
    await notifyParty(tx, move.action, row, target, actor.user_uid);
    return id;
  });
  partyCountsChanged(db);
  return moved;
}
