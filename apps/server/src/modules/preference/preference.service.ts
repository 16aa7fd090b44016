import {
  MAX_PREFERENCES_PER_URL,
  MSG,
  PREFERENCE_MAX_BYTES,
  SMART_SEARCH_HISTORY_SHOWN,
  type ZUpsertSmartSearchHistoryRequest,
  type ZUpsertUserPreferencesWithTypeRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors/app-error';
import { preferenceRepository as repo } from './preference.repository';

type PreferenceInput = Omit<z.output<typeof ZUpsertUserPreferencesWithTypeRequest>, 'preference_type'> & {
  /** Undefined: keep the stored type on update, none on create (UpsertUserPreferences). */
  preference_type?: string;
};
type HistoryInput = z.output<typeof ZUpsertSmartSearchHistoryRequest>;

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
};

/** User preferences (saved views, layouts) and smart search history (000 §3, §7); always the caller's own. */
export const preferenceService = {
  list: (db: Db, actor: Actor, url: string, type?: string) => repo.list(db, actor.user_uid, url, type),

  /** Creates or updates one of the caller's preferences; a favourite un-favourites the others of its page and type. */
  async upsert({ db, actor, input }: { db: Db; actor: Actor; input: PreferenceInput }) {
    const json = JSON.stringify(input.preference ?? null);
    if (Buffer.byteLength(json, 'utf8') > PREFERENCE_MAX_BYTES) {
      const params = { max: PREFERENCE_MAX_BYTES / 1024 };
      throw new AppError(422, MSG.preferenceTooLarge, {
        params,
        details: [{ field: 'preference', msgKey: MSG.preferenceTooLarge, params }],
      });
    }
    const uid = actor.user_uid;
    const run = () =>
      db.transaction(async (tx) => {
        await repo.lock(tx, `preference:${uid}`);
        const existing = input.preference_id ? await repo.own(tx, uid, input.preference_id) : undefined;
        if (input.preference_id && !existing) throw notFound();
        if (!existing || existing.url !== input.url) {
          if ((await repo.countForUrl(tx, uid, input.url)) >= MAX_PREFERENCES_PER_URL) {
            const params = { max: MAX_PREFERENCES_PER_URL };
            throw new AppError(422, MSG.preferenceLimitReached, {
              params,
              details: [{ field: 'url', msgKey: MSG.preferenceLimitReached, params }],
            });
          }
        }
        const type = input.preference_type ?? existing?.preference_type ?? null;
        if (input.isFavourite) await repo.clearFavourite(tx, uid, input.url, type, existing?.preference_id);
        const values = {
          preference_type: type,
          preference: input.preference ?? null,
          url: input.url,
          preference_name: input.preference_name,
          preference_style: input.preference_style ?? null,
          is_favourite: input.isFavourite,
          updated_by: actor.login_id,
        };
        return existing
          ? repo.update(tx, existing.preference_id, values)
          : repo.insert(tx, { ...values, user_uid: uid, created_by: actor.login_id });
      });
    // The advisory lock serialises a user's writes; a unique hit can only come from a race with another
    // path, so one retry settles it.
    return run().catch((e) => (isUniqueViolation(e) ? run() : Promise.reject(e)));
  },

  /** Deletes one of the caller's preferences; another user's id answers 404 as if it did not exist. */
  async remove({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
    if (!(await repo.remove(db, actor.user_uid, id))) throw notFound();
    return { preference_id: id };
  },

  history: (db: Db, actor: Actor) => repo.history(db, actor.user_uid, SMART_SEARCH_HISTORY_SHOWN),

  /** Saves an executed search at the top of the caller's history (at most 50 kept). */
  async saveSearch({ db, actor, input }: { db: Db; actor: Actor; input: HistoryInput }) {
    const uid = actor.user_uid;
    return db.transaction(async (tx) => {
      await repo.lock(tx, `search-history:${uid}`);
      let row: Awaited<ReturnType<typeof repo.upsertHistoryText>> | undefined;
      if (input.id > 0) {
        if (!(await repo.ownHistory(tx, uid, input.id))) throw notFound();
        await repo.removeHistoryText(tx, uid, input.search_text, input.id);
        row = await repo.updateHistory(tx, input.id, input.search_text);
      } else {
        row = await repo.upsertHistoryText(tx, uid, input.search_text);
      }
      await repo.trimHistory(tx, uid);
      return row;
    });
  },
};
