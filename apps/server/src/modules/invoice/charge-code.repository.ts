import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';
import { chargeCodes } from './invoice.tables';

export type ChargeCodeRow = typeof chargeCodes.$inferSelect;

/** Charge code queries (the list, one code, the seed's insert). */
export const chargeCodeRepository = {
  list(db: DbOrTx, q: { q?: string; use?: 'AR' | 'AP' }) {
    const text = q.q?.trim().toLowerCase();
    return db
      .select()
      .from(chargeCodes)
      .where(
        and(
          eq(chargeCodes.status, 'A'),
          q.use === 'AR'
            ? eq(chargeCodes.ar_use, true)
            : q.use === 'AP'
              ? eq(chargeCodes.ap_use, true)
              : undefined,
          text
            ? sql`lower(${chargeCodes.charge_code} || ' ' || ${chargeCodes.description_en} || ' ' || ${chargeCodes.ledger_code}) like ${`%${likeEscape(text)}%`}`
            : undefined,
        ),
      )
      .orderBy(asc(chargeCodes.charge_code))
      .limit(500);
  },

  async byCode(db: DbOrTx, code: string) {
    const [row] = await db.select().from(chargeCodes).where(eq(chargeCodes.charge_code, code));
    return row;
  },

  async insert(db: DbOrTx, rows: (typeof chargeCodes.$inferInsert)[]) {
    if (rows.length) await db.insert(chargeCodes).values(rows).onConflictDoNothing();
  },
};
