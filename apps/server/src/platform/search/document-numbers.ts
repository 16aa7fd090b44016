import { AsyncLocalStorage } from 'node:async_hooks';
import { DOCUMENT_NUMBER_STRIPPED, type FuncId, normaliseDocumentNumber } from '@portal/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, executePrepared, keyIn } from '../db/client';
import { idSetScan } from '../db/rendered-select';
import { likeEscape } from '../list/list-query';
import type { documentNumbers } from './document-numbers.tables';

/**
 * The document-number index API (docs/search.md). A module that owns documents:
 * 1. registers its kind once (`registerSearchKind`, from a file its index.ts loads), and
 * 2. calls `indexDocuments(tx, kind, docs)` in the same transaction as every write that creates a document
 *    or changes one of its numbers, status, key dates or parties, and `removeIndexedDocuments` on delete.
 */

export { normaliseDocumentNumber };

/**
 * The same normalisation in SQL, for bulk loaders (a kind's rebuild, the bench generator) that fill
 * document_numbers with INSERT ... SELECT instead of `indexDocuments`.
 */
export function normalisedNumberSql(expr: SQL): SQL {
  return sql`upper(translate(${expr}, ${DOCUMENT_NUMBER_STRIPPED}, ''))`;
}

/** One document as the index sees it. */
export interface IndexedDocument {
  /** The document's id (serial ids are turned into text). */
  id: string | number;
  /** The document's own number: the result's title. */
  displayNo: string;
  status?: string | null;
  subtitle?: string | null;
  /** Key dates by name ('etd', 'eta', 'invoiceDate', ...), ISO 'YYYY-MM-DD'. */
  dates?: Record<string, string | null>;
  /** The parties on the document (for external profiles' party access); nulls are dropped. */
  partyIds?: readonly (number | null | undefined)[];
  /** Every number the document can be found by; empty and blank values are skipped, duplicates collapse. */
  numbers: readonly { field: string; value: string | null | undefined }[];
}

/** Who may find a kind and where its results open. */
export interface SearchKind {
  /** 'booking', 'party', 'consol', 'mbl', 'invoice', ... (unique). */
  kind: string;
  /** The actor needs at least one of these function ids to find documents of this kind. */
  funcIds: readonly FuncId[];
  /**
   * External profiles (shipper, agent, ...): 'own-parties' finds only documents whose party_ids hold one of
   * the profile's own parties; 'none' never shows the kind to them.
   */
  externalAccess: 'own-parties' | 'none';
  /** Web path that opens the document (the result's link), from its id and its own number. */
  href(doc: { id: string; displayNo: string }): string;
  /** Group order in the answer (lower first). */
  order: number;
  /**
   * Refills the kind's rows from the module's tables (`npm run search:rebuild`, and at start for a kind with no
   * row yet); its rows are already gone. Write them with `indexDocuments` or an INSERT ... SELECT into
   * `document_numbers` (unqualified: during a rebuild that name is the staging table, see rebuildSearchIndex),
   * each document once. Returns how many documents were indexed.
   */
  rebuild(db: DbOrTx): Promise<number>;
}

const kinds = new Map<string, SearchKind>();

/** Modules declare their kinds here when the file that calls it loads (like document owners). */
export function registerSearchKind(kind: SearchKind) {
  kinds.set(kind.kind, kind);
}

export const searchKinds = (): SearchKind[] => [...kinds.values()].sort((a, b) => a.order - b.order);
export const searchKind = (kind: string) => kinds.get(kind);

/**
 * The index rows of one document (what `indexDocuments` inserts): for a writer that inserts them in a statement
 * of its own (a new invoice's index rows in one insert, modules/invoice `indexNewInvoice`).
 */
export function documentIndexRows(kind: string, doc: IndexedDocument) {
  const docId = String(doc.id);
  const partyIds = [...new Set((doc.partyIds ?? []).filter((p): p is number => typeof p === 'number'))];
  const seen = new Set<string>();
  const rows: (typeof documentNumbers.$inferInsert)[] = [];
  for (const n of doc.numbers) {
    const value = n.value?.trim();
    if (!value) continue;
    const norm = normaliseDocumentNumber(value);
    // The key is (kind, doc_id, field, number_norm): one row per distinct normalised number and field.
    if (!norm || seen.has(`${n.field}\u0000${norm}`)) continue;
    seen.add(`${n.field}\u0000${norm}`);
    rows.push({
      kind,
      doc_id: docId,
      field: n.field,
      number: value,
      number_norm: norm,
      display_no: doc.displayNo,
      status: doc.status ?? null,
      subtitle: doc.subtitle ?? null,
      dates: doc.dates ?? {},
      party_ids: partyIds,
    });
  }
  return rows;
}

/**
 * Inside `rebuildSearchIndex`: the kinds write into an empty staging table, so `indexDocuments` skips its
 * per-document delete there (on a table without indexes yet, each delete would read the whole table).
 */
const rebuilding = new AsyncLocalStorage<true>();

/**
 * Replaces the index rows of these documents of one kind with their current numbers and display fields.
 * Call it inside the write's transaction (create, update, renumber, copy, status change): the index is never
 * behind a committed write.
 */
export async function indexDocuments(
  tx: DbOrTx,
  kind: string,
  docs: readonly IndexedDocument[],
): Promise<void> {
  if (docs.length === 0) return;
  if (!rebuilding.getStore()) {
    await removeIndexedDocuments(
      tx,
      kind,
      docs.map((d) => d.id),
    );
  }
  await insertRows(
    tx,
    docs.flatMap((d) => documentIndexRows(kind, d)),
  );
}

/**
 * Inserts index rows as ten array parameters unnested by PostgreSQL: one statement of ten parameters per
 * 10,000 rows, where a multi-row VALUES needs eleven bind parameters a row (and a chunk under 65,535).
 */
async function insertRows(tx: DbOrTx, rows: readonly (typeof documentNumbers.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 10_000) {
    await executePrepared(tx, sql`${documentRowsInsert(rows.slice(i, i + 10_000))} on conflict do nothing`);
  }
}

/**
 * `insert into document_numbers … select … from <the rows as one array parameter per column>` (no
 * `on conflict`): one statement however many rows.
 */
export function documentRowsInsert(rows: readonly (typeof documentNumbers.$inferInsert)[]): SQL {
  const col = (f: (r: (typeof rows)[number]) => string | null) => sql.param(rows.map(f));
  return sql`insert into document_numbers (kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids)
    select r.kind, r.doc_id, r.field, r.number, r.number_norm, r.display_no, r.status, r.subtitle, r.dates::jsonb,
           r.party_ids::int[]
      from unnest(${col((r) => r.kind)}::text[], ${col((r) => r.doc_id)}::text[],
                  ${col((r) => r.field)}::text[], ${col((r) => r.number)}::text[], ${col((r) => r.number_norm)}::text[],
                  ${col((r) => r.display_no)}::text[], ${col((r) => r.status ?? null)}::text[],
                  ${col((r) => r.subtitle ?? null)}::text[], ${col((r) => JSON.stringify(r.dates ?? {}))}::text[],
                  ${col((r) => `{${(r.party_ids ?? []).join(',')}}`)}::text[])
           as r(kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids)`;
}

/** Removes every index row of these documents (a deleted document is no longer found). */
export async function removeIndexedDocuments(
  tx: DbOrTx,
  kind: string,
  ids: readonly (string | number)[],
): Promise<void> {
  if (ids.length === 0) return;
  // Prepared, one text for one document and one for several (keyIn): every save and move runs it.
  await executePrepared(
    tx,
    sql`delete from document_numbers where kind = ${kind} and ${keyIn(
      sql`doc_id`,
      ids.map((id) => String(id)),
      'text',
    )}`,
  );
}

/** The schema of the staging table while a rebuild runs (created and dropped inside its transaction). */
const STAGING = 'search_rebuild';

/**
 * Rebuilds the index for the given kinds (all registered kinds by default); answers documents per kind.
 *
 * Set-wise and off to the side, in one transaction (docs/search.md "Rebuild"):
 * 1. `lock ... in share row exclusive mode`: writes that index documents wait for the swap (none is lost);
 *    searches go on reading the current table meanwhile.
 * 2. A staging table `search_rebuild.document_numbers` like the live one, unlogged and without indexes, gets
 *    the rows of the kinds not rebuilt (copied) and the rebuilt kinds' rows: each kind's `rebuild` runs with
 *    `search_path = search_rebuild, public`, so its unqualified `document_numbers` is the staging table.
 * 3. The table is made logged, its primary key and indexes are built once from sorted data (as the live table
 *    declares them, read from the catalogue), and it replaces the live table (drop, set schema).
 * Loading a table with two btrees in place (every row a random insertion into the text_pattern_ops index and
 * the 4-column key) was what made a million bookings take a quarter of an hour.
 */
export async function rebuildSearchIndex(
  db: Db,
  only?: readonly string[],
  say: (m: string) => void = () => {},
): Promise<Record<string, number>> {
  const kinds = searchKinds().filter((k) => !only || only.includes(k.kind));
  const out: Record<string, number> = {};
  let t0 = performance.now();
  const step = (what: string) => {
    const now = performance.now();
    say(`${what} in ${Math.round(now - t0)} ms`);
    t0 = now;
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table public.document_numbers in share row exclusive mode`);
    // Memory for the index builds and the sorts of this one transaction (not the server's settings).
    await tx.execute(
      sql`select set_config('maintenance_work_mem', '512MB', true), set_config('work_mem', '128MB', true)`,
    );
    const { rows: keys } = await tx.execute<{ name: string; def: string }>(sql`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = 'public.document_numbers'::regclass and contype in ('p', 'u', 'x')`);
    const { rows: indexes } = await tx.execute<{ def: string }>(sql`
      select pg_get_indexdef(i.indexrelid) as def from pg_index i
       where i.indrelid = 'public.document_numbers'::regclass
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`);
    const staging = `${STAGING}.document_numbers`;
    const build = [
      ...keys.map((k) => `alter table ${staging} add constraint "${k.name.replaceAll('"', '""')}" ${k.def}`),
      ...indexes.map((i) => i.def.replace(/ ON (ONLY )?(public\.)?document_numbers /, ` ON ${staging} `)),
    ];
    // An index definition this does not understand stops the rebuild before anything changed.
    const odd = build.slice(keys.length).find((d) => !d.includes(` ON ${staging} `));
    if (odd) throw new Error(`search rebuild: cannot rebuild the index ${odd}`);
    await tx.execute(sql.raw(`create schema ${STAGING}`));
    await tx.execute(
      sql.raw(
        `create unlogged table ${staging} (like public.document_numbers including all excluding indexes)`,
      ),
    );
    if (only) {
      const kept = kinds.map((k) => k.kind);
      await tx.execute(sql`insert into ${sql.raw(staging)} select * from public.document_numbers
                            where not (kind = any(${sql.param(kept)}::text[]))`);
      step('kinds kept copied');
    }
    const { rows: path } = await tx.execute<{ path: string }>(
      sql`select current_setting('search_path') as path`,
    );
    await tx.execute(sql`select set_config('search_path', ${`${STAGING}, public`}, true)`);
    await rebuilding.run(true, async () => {
      for (const k of kinds) {
        out[k.kind] = await k.rebuild(tx);
        step(`${k.kind}: ${out[k.kind]} documents`);
      }
    });
    await tx.execute(sql`select set_config('search_path', ${path[0].path}, true)`);
    const { rows: total } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(staging)}`,
    );
    say(`${total[0].n} index rows loaded`);
    await tx.execute(sql.raw(`alter table ${staging} set logged`));
    step('table logged');
    for (const def of build) await tx.execute(sql.raw(def));
    step('key and indexes built');
    await tx.execute(sql`drop table public.document_numbers`);
    await tx.execute(sql.raw(`alter table ${staging} set schema public`));
    await tx.execute(sql.raw(`drop schema ${STAGING}`));
  });
  step('swapped in');
  // Fresh statistics, so the planner keeps choosing the prefix index after a bulk load.
  await db.execute(sql`analyze document_numbers`);
  step('analysed');
  return out;
}

/**
 * At start: builds the kinds that have no row in the index yet (a database from before the index, or a kind
 * whose module just landed). A kind with rows is left alone: its writes keep it in step.
 */
export async function fillEmptySearchKinds(db: Db, say: (m: string) => void = () => {}): Promise<void> {
  for (const k of searchKinds()) {
    const { rows } = await db.execute<{ found: boolean }>(
      sql`select exists(select 1 from document_numbers where kind = ${k.kind}) as found`,
    );
    if (rows[0]?.found) continue;
    const started = Date.now();
    const n = await k.rebuild(db);
    if (n > 0) say(`search index: ${n} ${k.kind} documents indexed in ${Date.now() - started} ms`);
  }
}

/**
 * Smart-search input of a list that looks like a document number (3+ characters after normalising, letters,
 * digits and / . _ # only, at least one digit): the normalised prefix to look up in the index, else null
 * (free text, which stays with the list's trigram search).
 */
export function numberLikePrefix(q: string | undefined | null): string | null {
  const text = q?.trim();
  if (!text) return null;
  const norm = normaliseDocumentNumber(text);
  return norm.length >= 3 && /^[A-Z0-9/._#]+$/.test(norm) && /\d/.test(norm) ? norm : null;
}

/**
 * `column` among the ids a subquery answers (one integer column), for more than idSetScan.from of them: gathered
 * inside the statement as one array (an InitPlan), so the set is read by the sorted ids in one scan of the
 * primary key, and a list reads its page among them (selectPageAmong in platform/db/rendered-select.ts) without
 * the ids passing through the server. As `column in (subquery)` PostgreSQL either probed the key once per id
 * and read every matching row whole before sorting (0.14 s for 21,522 invoices at 2 M), or hash-joined the set
 * against a scan of the whole table (2.1 s for 235,228); as a constant array its planner weighs each element
 * against the column's statistics (4-10 ms of planning for 21,522 ids); and as a plain page's condition it
 * walks the sort index filtering on the ids (0.77 s).
 */
export function idsAmong(column: SQL | AnyColumn, ids: SQL): SQL {
  return sql`${column} = any((select array_agg(x.id) from (${ids}) as x(id))::int[])`;
}

/** `column` among a kind's documents with a number starting with `prefix` (idsAmong): more than idSetScan.from. */
export function idsAmongByNumberPrefix(column: SQL | AnyColumn, kind: string, prefix: string): SQL {
  return idsAmong(
    column,
    sql`select d.doc_id::int from document_numbers d where ${startsWith(sql`d.number_norm`, prefix)} and d.kind = ${kind}`,
  );
}

/**
 * `column` starts with `prefix`, as a byte-wise range (text_pattern_ops' `~>=~` and `~<~`, the prefix with its
 * last character's successor as the end) instead of `like 'prefix%'`: the same rows for a printable ASCII
 * prefix (numberLikePrefix answers only those), read through the same text_pattern_ops index. Unlike a LIKE,
 * whose index range the planner derives from the pattern's value, a range of two parameters is usable by a
 * generic plan, so a number search's statements run prepared (executePrepared) and are planned once per
 * connection: planning them cost more than running them (1-2 ms of PostgreSQL's CPU per search at 2 M
 * invoices, issue 40). Anything else (non-ASCII) keeps the LIKE.
 */
export function startsWith(column: SQL | AnyColumn, prefix: string): SQL {
  if (!/^[\x20-\x7e]+$/.test(prefix)) return sql`${column} like ${`${likeEscape(prefix)}%`}`;
  const { lo, hi } = prefixRange(prefix);
  return inPrefixRange(column, sql`${lo}`, sql`${hi}`);
}

/** startsWith's bounds for a printable-ASCII prefix (numberLikePrefix answers only those): itself, and its successor. */
export function prefixRange(prefix: string): { lo: string; hi: string } {
  return {
    lo: prefix,
    hi: prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1),
  };
}

/** startsWith's range with its bounds given as SQL: placeholders, for a statement rendered once (executeRendered). */
export function inPrefixRange(column: SQL | AnyColumn, lo: SQL, hi: SQL): SQL {
  return sql`${column} ~>=~ ${lo} and ${column} ~<~ ${hi}`;
}

/**
 * The integer ids of a kind's documents with a number starting with `prefix`, read first (an index-only range
 * of document_numbers_prefix_idx): null when none has (the list keeps its "contains" search), 'many' beyond
 * idSetScan.from (platform/db/rendered-select.ts), when the list reads its page among them (idsAmongByNumberPrefix).
 * A few are read by primary key (`idsIn`): left as a subquery, a prefix matching thousands was estimated high
 * and hash-joined against the list's whole sort index (issue 40: 1.3 s).
 */
export async function idsByNumberPrefix(
  db: DbOrTx,
  kind: string,
  prefix: string,
): Promise<number[] | 'many' | null> {
  const { rows } = await executePrepared<{ id: number }>(
    db,
    sql`select d.doc_id::int as id from document_numbers d
         where ${startsWith(sql`d.number_norm`, prefix)} and d.kind = ${kind} limit ${idSetScan.from + 1}`,
  );
  if (rows.length === 0) return null;
  if (rows.length > idSetScan.from) return 'many';
  return [...new Set(rows.map((r) => Number(r.id)))];
}

/**
 * `column in (these ids)` as an unnest the planner takes for a few rows, so it reads them by primary key and
 * sorts the page, where `= any(array)` of thousands made it walk the sort index filtering on them.
 */
export function idsIn(column: SQL | AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} in (select unnest(${sql.param([...ids])}::int[]))`;
}
