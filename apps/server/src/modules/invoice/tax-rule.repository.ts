import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { taxRules } from './tax-rule.tables';

export type TaxRuleRow = typeof taxRules.$inferSelect;
export type TaxRuleInsert = typeof taxRules.$inferInsert;

/** Tax rule queries (the only place with tax rule SQL). */
export const taxRuleRepository = {
  all(db: DbOrTx) {
    return db
      .select()
      .from(taxRules)
      .orderBy(
        asc(taxRules.office_country),
        asc(taxRules.charge_code),
        asc(taxRules.scope),
        asc(taxRules.effective_from),
        asc(taxRules.id),
      );
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const q = db.select().from(taxRules).where(eq(taxRules.id, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  /** Rules of an office country in force on `date` (the resolver picks the most specific). */
  inForce(db: DbOrTx, officeCountry: string, date: string) {
    return db
      .select()
      .from(taxRules)
      .where(
        and(
          eq(taxRules.office_country, officeCountry),
          lte(taxRules.effective_from, date),
          or(isNull(taxRules.effective_to), gte(taxRules.effective_to, date)),
        ),
      );
  },

  /** A rule with the same conditions and start (another id than `exceptId`). */
  async sameConditions(db: DbOrTx, r: TaxRuleInsert, exceptId = 0) {
    const same = (col: AnyPgColumn, v: string | null | undefined) => (v ? eq(col, v) : isNull(col));
    const [row] = await db
      .select({ id: taxRules.id })
      .from(taxRules)
      .where(
        and(
          same(taxRules.company_id, r.company_id),
          eq(taxRules.office_country, r.office_country),
          same(taxRules.customer_country, r.customer_country),
          same(taxRules.charge_code, r.charge_code),
          eq(taxRules.scope, r.scope ?? 'ANY'),
          eq(taxRules.effective_from, r.effective_from),
          sql`${taxRules.id} <> ${exceptId}`,
        ),
      );
    return row;
  },

  async insert(db: DbOrTx, r: TaxRuleInsert) {
    const [row] = await db.insert(taxRules).values(r).returning();
    return row;
  },

  updateIfVersion: versionedUpdate(taxRules, taxRules.id),

  async count(db: DbOrTx) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(taxRules);
    return row?.n ?? 0;
  },

  /** The office's country and company (office group). */
  async office(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ country_code: string; group_id: string }>(
      sql`select country_code, group_id from offices where code = ${code}`,
    );
    return rows[0] ?? null;
  },

  /** The handling office of a job (its first SO's). */
  async officeOfJob(db: DbOrTx, jobNo: string) {
    const { rows } = await db.execute<{ handling_office: string }>(
      sql`select handling_office from shipping_orders where job_no = ${jobNo} order by so_no limit 1`,
    );
    return rows[0]?.handling_office ?? null;
  },

  async partyCountry(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ country_code: string | null }>(
      sql`select country_code from parties where party_code = ${code}`,
    );
    return rows[0]?.country_code ?? null;
  },
};
