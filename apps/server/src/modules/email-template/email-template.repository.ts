import type { TEmailTemplateListQuery } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, runRendered } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { likeEscape } from '../../platform/list/list-query';
import { emailTemplates } from './email-template.tables';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

const SORT = { event_code: emailTemplates.event_code, updated_at: emailTemplates.updated_at } as const;

/** E-mail template queries (a small table: one row per event code). */
export const emailTemplateRepository = {
  async page(db: DbOrTx, q: TEmailTemplateListQuery) {
    const text = q.q?.trim().toLowerCase();
    const where = text
      ? sql`lower(${emailTemplates.event_code} || ' ' || ${emailTemplates.subject_en} || ' ' || ${emailTemplates.subject_hk} || ' ' || ${emailTemplates.subject_cn}) like ${`%${likeEscape(text)}%`}`
      : undefined;
    const col = SORT[q.sort ?? 'event_code'];
    const rows = await db
      .select()
      .from(emailTemplates)
      .where(where)
      .orderBy(q.order === 'desc' ? sql`${col} desc` : col, emailTemplates.id)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(emailTemplates).where(where);
    return { rows, total: n };
  },

  async byId(db: DbOrTx, id: string, forUpdate = false) {
    const query = db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async byEventCode(db: DbOrTx, eventCode: string) {
    // Prepared: every notification mail reads its template.
    const [row] = await runRendered<(typeof emailTemplates.$inferSelect)[]>(
      db,
      'emailTemplate.byEventCode',
      () =>
        db
          .select()
          .from(emailTemplates)
          .where(eq(emailTemplates.event_code, sql.placeholder('code'))),
      { code: eventCode },
    );
    return row;
  },

  async eventCodes(db: DbOrTx): Promise<string[]> {
    const rows = await db.select({ c: emailTemplates.event_code }).from(emailTemplates);
    return rows.map((r) => r.c);
  },

  async insert(db: DbOrTx, values: typeof emailTemplates.$inferInsert) {
    const [row] = await db.insert(emailTemplates).values(values).returning();
    return row;
  },

  /** Inserts the templates whose event code has none yet (the seed; never overwrites an edit). */
  async insertMissing(db: DbOrTx, values: (typeof emailTemplates.$inferInsert)[]) {
    if (!values.length) return 0;
    const rows = await db
      .insert(emailTemplates)
      .values(values)
      .onConflictDoNothing({ target: emailTemplates.event_code })
      .returning({ id: emailTemplates.id });
    return rows.length;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate<typeof emailTemplates, string>(emailTemplates, emailTemplates.id),
};
