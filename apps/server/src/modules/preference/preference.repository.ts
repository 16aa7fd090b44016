import { SMART_SEARCH_HISTORY_KEPT } from '@portal/contracts';
import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { userPreferences } from '../auth';
import { smartSearchHistory } from './preference.tables';

export type PreferenceRow = typeof userPreferences.$inferSelect;
export type SearchHistoryRow = typeof smartSearchHistory.$inferSelect;

const sameType = (type: string | null): SQL =>
  sql`coalesce(${userPreferences.preference_type}, '') = ${type ?? ''}`;

/** User preference and smart search history queries; every one is scoped to one user. */
export const preferenceRepository = {
  /** Serialises writes of one user (and page) so limits and the single favourite hold under concurrency. */
  async lock(db: DbOrTx, key: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  },

  list(db: DbOrTx, userUid: string, url: string, type?: string) {
    return db
      .select()
      .from(userPreferences)
      .where(
        and(
          eq(userPreferences.user_uid, userUid),
          eq(userPreferences.url, url),
          type === undefined ? undefined : sameType(type),
        ),
      )
      .orderBy(asc(sql`lower(${userPreferences.preference_name})`), asc(userPreferences.preference_id));
  },

  /** The user's own preference, or undefined (another user's row is never found). */
  async own(db: DbOrTx, userUid: string, id: number) {
    const [row] = await db
      .select()
      .from(userPreferences)
      .where(and(eq(userPreferences.preference_id, id), eq(userPreferences.user_uid, userUid)))
      .for('update');
    return row;
  },

  async countForUrl(db: DbOrTx, userUid: string, url: string) {
    const [row] = await db
      .select({ n: count() })
      .from(userPreferences)
      .where(and(eq(userPreferences.user_uid, userUid), eq(userPreferences.url, url)));
    return row?.n ?? 0;
  },

  /** Un-favourites the user's other preferences of this page and type. */
  clearFavourite(db: DbOrTx, userUid: string, url: string, type: string | null, exceptId?: number) {
    return db
      .update(userPreferences)
      .set({ is_favourite: false, updated_at: sql`now()` })
      .where(
        and(
          eq(userPreferences.user_uid, userUid),
          eq(userPreferences.url, url),
          sameType(type),
          eq(userPreferences.is_favourite, true),
          exceptId ? ne(userPreferences.preference_id, exceptId) : undefined,
        ),
      );
  },

  async insert(db: DbOrTx, values: typeof userPreferences.$inferInsert) {
    const [row] = await db.insert(userPreferences).values(values).returning();
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<typeof userPreferences.$inferInsert>) {
    const [row] = await db
      .update(userPreferences)
      .set({ ...values, version: sql`${userPreferences.version} + 1`, updated_at: sql`now()` })
      .where(eq(userPreferences.preference_id, id))
      .returning();
    return row;
  },

  async remove(db: DbOrTx, userUid: string, id: number) {
    const rows = await db
      .delete(userPreferences)
      .where(and(eq(userPreferences.preference_id, id), eq(userPreferences.user_uid, userUid)))
      .returning({ id: userPreferences.preference_id });
    return rows.length > 0;
  },

  /** The user's latest searches, newest first. */
  history(db: DbOrTx, userUid: string, limit: number) {
    return db
      .select()
      .from(smartSearchHistory)
      .where(eq(smartSearchHistory.user_uid, userUid))
      .orderBy(desc(smartSearchHistory.used_at), desc(smartSearchHistory.id))
      .limit(limit);
  },

  async ownHistory(db: DbOrTx, userUid: string, id: number) {
    const [row] = await db
      .select()
      .from(smartSearchHistory)
      .where(and(eq(smartSearchHistory.id, id), eq(smartSearchHistory.user_uid, userUid)));
    return row;
  },

  /** Removes the user's entries with this text other than `exceptId` (an edit that now repeats one). */
  removeHistoryText(db: DbOrTx, userUid: string, text: string, exceptId: number) {
    return db
      .delete(smartSearchHistory)
      .where(
        and(
          eq(smartSearchHistory.user_uid, userUid),
          eq(smartSearchHistory.search_text, text),
          ne(smartSearchHistory.id, exceptId),
        ),
      );
  },

  async updateHistory(db: DbOrTx, id: number, text: string) {
    const [row] = await db
      .update(smartSearchHistory)
      .set({ search_text: text, used_at: sql`clock_timestamp()` })
      .where(eq(smartSearchHistory.id, id))
      .returning();
    return row;
  },

  /** Adds a search, or moves an identical earlier one to the top. */
  async upsertHistoryText(db: DbOrTx, userUid: string, text: string) {
    const [row] = await db
      .insert(smartSearchHistory)
      .values({ user_uid: userUid, search_text: text, used_at: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: [smartSearchHistory.user_uid, smartSearchHistory.search_text],
        set: { used_at: sql`clock_timestamp()` },
      })
      .returning();
    return row;
  },

  /** Keeps only the user's newest `SMART_SEARCH_HISTORY_KEPT` searches. */
  trimHistory(db: DbOrTx, userUid: string) {
    return db.execute(sql`
      delete from ${smartSearchHistory}
      where ${smartSearchHistory.user_uid} = ${userUid}
        and ${smartSearchHistory.id} not in (
          select ${smartSearchHistory.id} from ${smartSearchHistory}
          where ${smartSearchHistory.user_uid} = ${userUid}
          order by ${smartSearchHistory.used_at} desc, ${smartSearchHistory.id} desc
          limit ${SMART_SEARCH_HISTORY_KEPT}
        )`);
  },
};
