import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { passwordResetTokens } from './password.tables';

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

/** Stores a reset token's hash, valid for `ttlMinutes`. */
export async function insertResetToken(db: DbOrTx, userUid: string, tokenHash: string, ttlMinutes: number) {
  await db.insert(passwordResetTokens).values({
    user_uid: userUid,
    token_hash: tokenHash,
    expires_at: sql`now() + make_interval(mins => ${ttlMinutes})` as unknown as string,
  });
}

/** How many reset links the user was sent in the last `minutes`. */
export async function countRecentResetTokens(db: DbOrTx, userUid: string, minutes: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.user_uid, userUid),
        gt(passwordResetTokens.created_at, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return row?.n ?? 0;
}

/** The user's unused, unexpired token with this hash; `lock` takes a row lock (in a transaction). */
export async function findLiveResetToken(
  db: DbOrTx,
  userUid: string,
  tokenHash: string,
  lock = false,
): Promise<ResetTokenRow | undefined> {
  const q = db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.user_uid, userUid),
        eq(passwordResetTokens.token_hash, tokenHash),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, sql`now()`),
      ),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Uses up every open token of the user (the one just used and any older ones). */
export async function consumeResetTokens(db: DbOrTx, userUid: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(passwordResetTokens.user_uid, userUid), isNull(passwordResetTokens.used_at)));
}
