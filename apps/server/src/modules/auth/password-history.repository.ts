import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { passwordHistory } from './password.tables';

/** The user's previous password hashes, newest first, at most `limit`. */
export async function previousPasswordHashes(db: DbOrTx, userUid: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.password_hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.user_uid, userUid))
    .orderBy(desc(passwordHistory.id))
    .limit(limit);
  return rows.map((r) => r.hash);
}

/** Adds a replaced hash to the user's history and keeps only the newest `keep` entries. */
export async function addPasswordHistory(
  db: DbOrTx,
  userUid: string,
  oldHash: string | null,
  keep: number,
): Promise<void> {
  if (oldHash) await db.insert(passwordHistory).values({ user_uid: userUid, password_hash: oldHash });
  const kept = await db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.user_uid, userUid))
    .orderBy(desc(passwordHistory.id))
    .limit(keep);
  const oldest = kept.at(-1)?.id;
  if (oldest !== undefined && kept.length === keep) {
    await db
      .delete(passwordHistory)
      .where(and(eq(passwordHistory.user_uid, userUid), lt(passwordHistory.id, oldest)));
  }
}
