import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { userSignatures } from './signature.tables';

export type SignatureRow = typeof userSignatures.$inferSelect;

/** The e-signature table (SQL only here). */
export const signatureRepository = {
  async get(db: DbOrTx, uid: string): Promise<SignatureRow | undefined> {
    const [row] = await db.select().from(userSignatures).where(eq(userSignatures.user_uid, uid));
    return row;
  },

  async byUids(db: DbOrTx, uids: string[]): Promise<SignatureRow[]> {
    if (!uids.length) return [];
    return db.select().from(userSignatures).where(inArray(userSignatures.user_uid, uids));
  },

  async upsert(
    db: DbOrTx,
    v: { user_uid: string; image_png: Buffer; width: number; height: number; sha256: string; by: string },
  ): Promise<SignatureRow> {
    const values = {
      image_png: v.image_png,
      width: v.width,
      height: v.height,
      sha256: v.sha256,
      updated_by: v.by,
      updated_at: sql`now()` as unknown as string,
    };
    const [row] = await db
      .insert(userSignatures)
      .values({ user_uid: v.user_uid, ...values })
      .onConflictDoUpdate({ target: userSignatures.user_uid, set: values })
      .returning();
    return row;
  },

  async remove(db: DbOrTx, uid: string): Promise<boolean> {
    const rows = await db
      .delete(userSignatures)
      .where(eq(userSignatures.user_uid, uid))
      .returning({ uid: userSignatures.user_uid });
    return rows.length > 0;
  },

  /** Demo users by login, for the seed. */
  async uidsOfLogins(db: DbOrTx, logins: string[]) {
    const { rows } = await db.execute<{ user_uid: string; login_id: string; name: string }>(
      sql`select user_uid::text, login_id, trim(coalesce(first_name,'') || ' ' || coalesce(last_name,'')) as name
          from users where login_id = any(${sql.param(logins)}::text[])`,
    );
    return rows;
  },
};
