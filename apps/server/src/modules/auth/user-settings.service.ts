import type { TUpdateUserSettingsRequest, TUserProfileResponse } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { unauthorized } from '../../platform/errors/app-error';
import { presentUserProfile } from './auth.presenter';
import * as repo from './auth.repository';

/** GET /Users/GetUserProfile: the signed-in user's own names, settings and active profiles. */
export async function getUserProfile(opts: { db: Db; actor: Actor }): Promise<TUserProfileResponse> {
  const [user, profiles] = await Promise.all([
    repo.findUserByUid(opts.db, opts.actor.user_uid),
    repo.listActiveProfiles(opts.db, opts.actor.user_uid),
  ]);
  if (!user) throw unauthorized();
  return presentUserProfile(user, profiles);
}

/** POST /Users/UpdateUserSettings: saves the user's default language and page size. */
export async function updateUserSettings(opts: {
  db: Db;
  actor: Actor;
  input: TUpdateUserSettingsRequest;
}): Promise<TUserProfileResponse> {
  const { db, actor, input } = opts;
  return db.transaction(async (tx) => {
    await repo.updateUserSettings(tx, actor.user_uid, input, actorName(actor));
    const user = await repo.findUserByUid(tx, actor.user_uid);
    if (!user) throw unauthorized();
    return presentUserProfile(user, await repo.listActiveProfiles(tx, actor.user_uid));
  });
}
