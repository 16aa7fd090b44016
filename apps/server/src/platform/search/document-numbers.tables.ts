import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one document-number index behind the header's global search (docs/search.md): one row per number of a
 * document (SO#, job#, HBL#, container#, party code, ...). Rows are written by the module that owns the
 * document, in the transaction of its write (`indexDocuments` / `removeIndexedDocuments`), never by a
 * nightly job; `npm run search:rebuild` refills it from the modules' tables. The display fields are copied
 * onto every number row of a document so a lookup is one index range scan, no join.
 */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    /** Document kind from the kind registry ('booking', 'party', 'consol', 'invoice', ...). */
    kind: text('kind').notNull(),
    /** The document's id as text (serial ids and uuids alike). */
    doc_id: text('doc_id').notNull(),
    /** Which number of the document this is ('so_no', 'container_no', 'code', ...): shown beside the match. */
    field: text('field').notNull(),
    /** The number as written on the document. */
    number: text('number').notNull(),
    /** normaliseDocumentNumber(number): upper case, no spaces or dashes. */
    number_norm: text('number_norm').notNull(),
    /** The document's own number, the result's title (e.g. the SO# for a booking found by its container#). */
    display_no: text('display_no').notNull(),
    status: text('status'),
    /** A second line: a party name, a route. */
    subtitle: text('subtitle'),
    /** Key dates by name ('etd', 'eta', ...) as ISO dates. */
    dates: jsonb('dates').$type<Record<string, string | null>>().notNull().default({}),
    /** The parties on the document: an external profile finds it only when one of its own parties is here. */
    party_ids: integer('party_ids').array().notNull().default(sql`'{}'::integer[]`),
    indexed_at: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Leads with (kind, doc_id): replacing or removing one document's numbers is an index range.
    primaryKey({ name: 'document_numbers_pk', columns: [t.kind, t.doc_id, t.field, t.number_norm] }),
    // The prefix lookup: LIKE 'ABC%' and ORDER BY number_norm USING ~<~ both walk this index. Kind and id ride
    // along (issue 40): a list's "ids whose number starts with" is an index-only scan, not one heap page per
    // match (6,853 AP refs of one carrier and office read 5,364 pages, 260 ms, at 2 M invoices).
    index('document_numbers_prefix_idx').using(
      'btree',
      t.number_norm.op('text_pattern_ops'),
      t.kind,
      t.doc_id,
    ),
  ],
);
