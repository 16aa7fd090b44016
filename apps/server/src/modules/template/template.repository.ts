import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { shippingOrders, soContainers } from '../booking';
import { chargeCodes } from '../invoice';
import { templateAdded, templateFavourites, templateLines, templates } from './template.tables';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateInsert = typeof templates.$inferInsert;
export type TemplateLineRow = typeof templateLines.$inferSelect;
const t = templates;

/** Who reads: the user, the office of the chosen profile and that office's group (its main office). */
export interface Viewer {
  uid: string;
  office: string | null;
  group: string | null;
}

/** A search page's filters after validation. */
export interface SearchFilter {
  tab: 'mine' | 'market' | 'all';
  kind?: 'lines' | 'print' | 'marks';
  q?: string;
  tag?: string;
  category?: string;
  owner?: string;
}

/** Where a page starts: which phase (favourites, then the rest) and the last row's sort key. */
export interface SearchCursor {
  fav: boolean;
  name: string;
  id: number;
}

// Correlated subqueries name the outer row as `templates.tmplib_id` in plain text: drizzle renders a column of
// the single-table select unqualified, which inside the subquery would bind to the subquery's own table.
const like = (v: string) => `%${v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The privacy rule of 002 §6 for a reader who is not the owner: active, and its level reaches the reader's
 * office (MARKET), one of the named offices (MARKET_OFFICE), the office group (MAIN_OFFICE) or anyone (GLOBAL).
 */
const reachesViewer = (v: Viewer) =>
  sql`(${t.status} = 'A' and (${t.privacy} = 'GLOBAL'
        or (${t.privacy} = 'MARKET' and ${t.owner_office} = ${v.office})
        or (${t.privacy} = 'MARKET_OFFICE' and ${v.office}::text = any(${t.offices}))
        or (${t.privacy} = 'MAIN_OFFICE' and ${t.owner_group} = ${v.group})))`;

/** A share code accepted earlier keeps a non-private, active template readable from any office. */
const addedByViewer = (v: Viewer) =>
  sql`(${t.status} = 'A' and ${t.privacy} <> 'PRIVATE' and exists (select 1 from ${templateAdded} a
        where a.tmplib_id = templates.tmplib_id and a.user_uid = ${v.uid}))`;

/** Every read goes through this: the owner, the privacy level, or an accepted share code. */
export const visibleTo = (v: Viewer) =>
  sql`(${t.owner_uid} = ${v.uid} or ${reachesViewer(v)} or ${addedByViewer(v)})`;

const filterSql = (v: Viewer, f: SearchFilter): (SQL | undefined)[] => [
  f.tab === 'mine'
    ? sql`(${t.owner_uid} = ${v.uid} or ${addedByViewer(v)})`
    : f.tab === 'market'
      ? and(ne(t.owner_uid, v.uid), reachesViewer(v), sql`${t.privacy} <> 'PRIVATE'`)
      : and(visibleTo(v), eq(t.status, 'A')),
  f.kind === 'print' ? eq(t.category, 'PRINT_OPTIONS') : undefined,
  f.kind === 'marks' ? eq(t.category, 'MARKS_GOODS') : undefined,
  f.kind === 'lines' ? sql`${t.category} not in ('PRINT_OPTIONS', 'MARKS_GOODS')` : undefined,
  f.kind ? eq(t.status, 'A') : undefined,
  f.q ? sql`lower(${t.name}) like ${like(f.q)}` : undefined,
  f.tag ? sql`${t.tags} @> array[${f.tag}]::text[]` : undefined,
  f.category ? eq(t.category, f.category) : undefined,
  f.owner ? sql`lower(${t.owner_name} || ' ' || ${t.owner_login}) like ${like(f.owner)}` : undefined,
];

const summaryColumns = (v: Viewer) => ({
  t,
  is_favourite: sql<boolean>`exists (select 1 from ${templateFavourites} f
    where f.tmplib_id = templates.tmplib_id and f.user_uid = ${v.uid})`,
  version_seen: sql<number | null>`(select a.version_seen from ${templateAdded} a
    where a.tmplib_id = templates.tmplib_id and a.user_uid = ${v.uid})`,
});
export type TemplateView = { t: TemplateRow; is_favourite: boolean; version_seen: number | null };

/** Template library queries (the only place with template SQL). */
export const templateRepository = {
  /** The office and office group of a profile (null for none: only GLOBAL and own templates then). */
  async viewer(db: DbOrTx, uid: string, profileId: number | null): Promise<Viewer> {
    if (!profileId) return { uid, office: null, group: null };
    const { rows } = await db.execute<{ code: string | null; group_id: string | null }>(sql`
      select o.code, o.group_id from user_profiles up left join offices o on o.office_id = up.office_id
       where up.user_profile_id = ${profileId}`);
    return { uid, office: rows[0]?.code ?? null, group: rows[0]?.group_id ?? null };
  },

  /** The user's display name and login (copied onto the template as its owner). */
  async userName(db: DbOrTx, uid: string) {
    const { rows } = await db.execute<{ login_id: string; name: string }>(sql`
      select login_id, trim(first_name || ' ' || last_name) as name from users where user_uid = ${uid}`);
    return rows[0];
  },

  /**
   * One page in the search order: the reader's favourites by name, then the other templates by name
   * (keyset on lower(name), id; each phase walks templates_name_idx or the favourites' few rows).
   */
  async page(db: DbOrTx, v: Viewer, f: SearchFilter, limit: number, cursor: SearchCursor | null) {
    const phase = async (fav: boolean, after: SearchCursor | null, n: number) => {
      const favSql = sql`exists (select 1 from ${templateFavourites} f
        where f.tmplib_id = templates.tmplib_id and f.user_uid = ${v.uid})`;
      return db
        .select(summaryColumns(v))
        .from(t)
        .where(
          and(
            ...filterSql(v, f),
            fav ? favSql : sql`not ${favSql}`,
            after ? sql`(lower(${t.name}), ${t.tmplib_id}) > (${after.name}, ${after.id})` : undefined,
          ),
        )
        .orderBy(sql`lower(${t.name})`, asc(t.tmplib_id))
        .limit(n);
    };
    const rows: TemplateView[] = [];
    if (!cursor || cursor.fav) rows.push(...(await phase(true, cursor, limit + 1)));
    if (rows.length <= limit) {
      const rest = await phase(false, cursor && !cursor.fav ? cursor : null, limit + 1 - rows.length);
      rows.push(...rest);
    }
    return rows;
  },

  async viewById(db: DbOrTx, v: Viewer, id: number): Promise<TemplateView | undefined> {
    const [row] = await db
      .select(summaryColumns(v))
      .from(t)
      .where(and(eq(t.tmplib_id, id), visibleTo(v)));
    return row;
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const q = db.select().from(t).where(eq(t.tmplib_id, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  async byShareCode(db: DbOrTx, code: string) {
    const [row] = await db.select().from(t).where(eq(t.share_code, code));
    return row;
  },

  lines: (db: DbOrTx, id: number) =>
    db
      .select()
      .from(templateLines)
      .where(eq(templateLines.tmplib_id, id))
      .orderBy(asc(templateLines.line_no)),

  async nameTaken(db: DbOrTx, ownerUid: string, name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: t.tmplib_id })
      .from(t)
      .where(
        and(
          eq(t.owner_uid, ownerUid),
          sql`lower(${t.name}) = lower(${name})`,
          exceptId ? ne(t.tmplib_id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  },

  /** Which of these charge codes exist. */
  async existingChargeCodes(db: DbOrTx, codes: string[]) {
    if (!codes.length) return new Map<string, { tax_code: string; tax_rate: string; desc: string }>();
    const rows = await db
      .select({
        code: chargeCodes.charge_code,
        tax_code: chargeCodes.default_tax_code,
        tax_rate: chargeCodes.default_tax_rate,
        desc: chargeCodes.description_en,
      })
      .from(chargeCodes)
      .where(inArray(chargeCodes.charge_code, codes));
    return new Map(rows.map((r) => [r.code, { tax_code: r.tax_code, tax_rate: r.tax_rate, desc: r.desc }]));
  },

  async insert(db: DbOrTx, values: TemplateInsert) {
    const [row] = await db.insert(t).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate(t, t.tmplib_id),

  async replaceLines(db: DbOrTx, id: number, lines: Omit<typeof templateLines.$inferInsert, 'tmplib_id'>[]) {
    await db.delete(templateLines).where(eq(templateLines.tmplib_id, id));
    if (lines.length) await db.insert(templateLines).values(lines.map((l) => ({ ...l, tmplib_id: id })));
  },

  /** Toggles the favourite; answers whether it is one now. */
  async toggleFavourite(db: DbOrTx, uid: string, id: number) {
    const removed = await db
      .delete(templateFavourites)
      .where(and(eq(templateFavourites.user_uid, uid), eq(templateFavourites.tmplib_id, id)))
      .returning();
    if (removed.length) return false;
    await db.insert(templateFavourites).values({ user_uid: uid, tmplib_id: id }).onConflictDoNothing();
    return true;
  },

  /** Adds (or re-adds) a template to the user's My Template, its current version seen. */
  async markAdded(db: DbOrTx, uid: string, id: number, version: number) {
    await db
      .insert(templateAdded)
      .values({ user_uid: uid, tmplib_id: id, version_seen: version })
      .onConflictDoUpdate({
        target: [templateAdded.user_uid, templateAdded.tmplib_id],
        set: { version_seen: version },
      });
  },

  async acknowledge(db: DbOrTx, uid: string, id: number, version: number) {
    await db
      .update(templateAdded)
      .set({ version_seen: version })
      .where(and(eq(templateAdded.user_uid, uid), eq(templateAdded.tmplib_id, id)));
  },

  /** The shipping orders an invoice bills, with their bills, master SOs and container sizes. */
  async ordersOf(db: DbOrTx, soNos: string[]) {
    if (!soNos.length) return [];
    return db
      .select({
        so_no: shippingOrders.so_no,
        job_no: shippingOrders.job_no,
        hbl_no: shippingOrders.hbl_no,
        master_so_no: shippingOrders.master_so_no,
        sizes: sql<string[]>`coalesce((select array_agg(c.size_type order by c.line_no) from ${soContainers} c
          where c.so_id = shipping_orders.so_id), '{}')`,
      })
      .from(shippingOrders)
      .where(inArray(shippingOrders.so_no, soNos));
  },
};
