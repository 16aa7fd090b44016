import { DOCUMENT_NUMBER_STRIPPED, type FuncId, normaliseDocumentNumber } from '@portal/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { likeEscape } from '../list/list-query';
import { documentNumbers } from './document-numbers.tables';

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
   * Refills the kind's rows from the module's tables (`npm run search:rebuild`); the caller has already
   * removed them. Returns how many documents were indexed.
   */
  rebuild(db: Db): Promise<number>;
}

const kinds = new Map<string, SearchKind>();

/** Modules declare their kinds here when the file that calls it loads (like document owners). */
export function registerSearchKind(kind: SearchKind) {
  kinds.set(kind.kind, kind);
}

export const searchKinds = (): SearchKind[] => [...kinds.values()].sort((a, b) => a.order - b.order);
export const searchKind = (kind: string) => kinds.get(kind);

function rowsOf(kind: string, doc: IndexedDocument) {
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
  await removeIndexedDocuments(
    tx,
    kind,
    docs.map((d) => d.id),
  );
  const rows = docs.flatMap((d) => rowsOf(kind, d));
  // Chunks keep one statement under PostgreSQL's 65,535 bind parameters (11 per row).
  for (let i = 0; i < rows.length; i += 5000) {
    await tx
      .insert(documentNumbers)
      .values(rows.slice(i, i + 5000))
      .onConflictDoNothing();
  }
}

/** Removes every index row of these documents (a deleted document is no longer found). */
export async function removeIndexedDocuments(
  tx: DbOrTx,
  kind: string,
  ids: readonly (string | number)[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(documentNumbers).where(
    and(
      eq(documentNumbers.kind, kind),
      inArray(
        documentNumbers.doc_id,
        ids.map((id) => String(id)),
      ),
    ),
  );
}

/** Rebuilds the index for the given kinds (all registered kinds by default); answers documents per kind. */
export async function rebuildSearchIndex(db: Db, only?: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const k of searchKinds()) {
    if (only && !only.includes(k.kind)) continue;
    await db.delete(documentNumbers).where(eq(documentNumbers.kind, k.kind));
    out[k.kind] = await k.rebuild(db);
  }
  // Fresh statistics, so the planner keeps choosing the prefix index after a bulk load.
  await db.execute(sql`analyze document_numbers`);
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
 * The integer ids of a kind's documents with a number starting with `prefix` (normalised): a subquery for
 * `<id column> in (...)` in a list's WHERE, served by document_numbers_prefix_idx.
 */
export function serialIdsByNumberPrefix(kind: string, prefix: string): SQL {
  return sql`(select d.doc_id::int from document_numbers d
               where d.number_norm like ${`${likeEscape(prefix)}%`} and d.kind = ${kind})`;
}

/**
 * True when some document of `kind` has a number starting with `prefix` (one probe of the prefix index). A
 * list routes number-like input through the index only then; otherwise (a number's tail or middle, rows
 * loaded around the writes) it keeps its "contains" trigram search.
 */
export async function hasNumberPrefix(db: DbOrTx, kind: string, prefix: string): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists(select 1 from document_numbers d
                       where d.number_norm like ${`${likeEscape(prefix)}%`} and d.kind = ${kind}) as found`,
  );
  return rows[0]?.found === true;
}
