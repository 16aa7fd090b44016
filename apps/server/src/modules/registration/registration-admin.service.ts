import type { ZRegistrationListQuery } from '@portal/contracts';
import { MAX_EXPORT_ROWS, MSG, REG_MSG } from '@portal/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import { type Actor, actorName } from '../../platform/access/access';
import { listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { notifyRegistration } from '../../platform/notify/notify';
import { registrationRepository as repo } from './registration.repository';
import { REGISTRATION_ENTITY } from './registration.service';
import { queueDecisionMail } from './registration-mail';

const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

/**
 * Registration administration (001 §2 Admin user_registration_maintenance). Approval rule: a registered
 * user signs in only after activating the account (password set from the e-mail link) AND an
 * administrator's approval; approval therefore needs the activation first. Approving makes the user and
 * its profiles active (an application without SIS gets one profile: its user type, the role of the same
 * code, the referred office or the head office). Rejecting needs a reason and frees the login id.
 */
export const registrationAdminService = {
  list: (db: Db, q: z.infer<typeof ZRegistrationListQuery>) => repo.page(db, q),

  /** Rows for the export, refused beyond MAX_EXPORT_ROWS. */
  async exportRows(db: Db, q: z.infer<typeof ZRegistrationListQuery>) {
    const rows = await repo.all(db, q, MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  async get(db: Db, id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw notFound();
    return row;
  },

  history: (db: Db, id: number) => listHistory(db, REGISTRATION_ENTITY, id),

  /** Loads a pending registration for a decision, checking its version. */
  async pendingForDecision(tx: DbOrTx, id: number, version: number) {
    const row = await repo.byId(tx, id, true);
    if (!row) throw notFound();
    if (row.status !== 'P') throw new AppError(409, REG_MSG.alreadyDecided);
    if (row.version !== version) throw conflict(MSG.recordNotLatest);
    return row;
  },

  async approve({
    db,
    config,
    id,
    version,
    actor,
  }: {
    db: Db;
    config: AppConfig;
    id: number;
    version: number;
    actor: Actor;
  }) {
    await db.transaction(async (tx) => {
      const row = await this.pendingForDecision(tx, id, version);
      if (!row.activated_at || !row.user_uid) throw new AppError(422, REG_MSG.notActivated);
      if (row.kind === 'APPLICATION' && row.user_type_id) {
        const existing = await repo.profileIdsOf(tx, row.user_uid);
        if (!existing.length) {
          const type = await repo.profileTypeByCode(tx, row.user_type_id);
          const role = await repo.roleByCode(tx, row.user_type_id);
          const office = row.referred_by_office_party_id
            ? await repo.officeById(tx, row.referred_by_office_party_id)
            : undefined;
          if (!type || !role) throw new AppError(422, MSG.saveUnknown);
          await repo.insertProfile(tx, {
            user_uid: row.user_uid,
            profile_type_id: type.profile_type_id,
            role_id: role.role_id,
            office_id: office?.office_id ?? (await repo.headOfficeId(tx)),
            sort_order: 0,
          });
        }
      }
      await repo.activateUser(tx, row.user_uid, actor.login_id);
      await repo.update(tx, id, { status: 'A', updated_by: actor.login_id });
      await recordHistory(tx, {
        entityType: REGISTRATION_ENTITY,
        entityId: id,
        action: 'approve',
        fromStatus: 'P',
        toStatus: 'A',
        actor: who(actor),
      });
      await notifyRegistration(tx, 'REGISTRATION_APPROVED', row, actor.user_uid);
      await queueDecisionMail(tx, row.login_id, `${row.given_name} ${row.family_name}`, {
        approved: true,
        loginUrl: `${config.mail.publicBaseUrl}/login`,
      });
    });
    return this.get(db, id);
  },

  async reject({
    db,
    id,
    version,
    reason,
    actor,
  }: {
    db: Db;
    id: number;
    version: number;
    reason: string;
    actor: Actor;
  }) {
    await db.transaction(async (tx) => {
      const row = await this.pendingForDecision(tx, id, version);
      if (row.user_uid) await repo.deletePendingUser(tx, row.user_uid);
      await repo.update(tx, id, {
        status: 'R',
        reject_reason: reason,
        user_uid: null,
        token_hash: null,
        updated_by: actor.login_id,
      });
      await recordHistory(tx, {
        entityType: REGISTRATION_ENTITY,
        entityId: id,
        action: 'reject',
        fromStatus: 'P',
        toStatus: 'R',
        reason,
        actor: who(actor),
      });
      await queueDecisionMail(tx, row.login_id, `${row.given_name} ${row.family_name}`, {
        approved: false,
        reason,
      });
    });
    return this.get(db, id);
  },
};
