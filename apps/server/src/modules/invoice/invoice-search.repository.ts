import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, executePrepared, keyIn } from '../../platform/db/client';
import {
  documentIndexRows,
  documentRowsInsert,
  type IndexedDocument,
  indexDocuments,
  registerSearchKind,
  removeIndexedDocuments,
} from '../../platform/search/document-numbers';

/** The kind under which invoices stand in the document-number index (docs/search.md). */
export const INVOICE_SEARCH_KIND = 'invoice';

interface InvoiceNumbersRow extends Record<string, unknown> {
  inv_id: number;
  invoice_no: string;
  inv_type: string;
  status: string;
  ap_ref: string | null;
  group_no: string | null;
  gov_invoice_no: string | null;
  invoice_date: string | null;
  account_code: string;
  party_id: number;
  full_name: string | null;
}

async function load(db: DbOrTx, where: SQL, limit?: number): Promise<InvoiceNumbersRow[]> {
  // Prepared: the same text for every save and move (the ids one array parameter); the rebuild's pages too.
  const { rows } = await executePrepared<InvoiceNumbersRow>(
    db,
    sql`
    select i.inv_id, i.invoice_no, i.inv_type, i.status, i.ap_ref, i.group_no, i.gov_invoice_no,
           i.invoice_date::text as invoice_date, i.account_code, i.party_id, p.full_name
      from invoices i left join parties p on p.party_id = i.party_id
     where ${where} order by i.inv_id ${limit ? sql`limit ${limit}` : sql``}`,
  );
  return rows;
}

/** An invoice is found by its number, AP ref, group no. and government invoice no. (issue 14). */
function documentOf(r: InvoiceNumbersRow): IndexedDocument {
  return {
    id: r.inv_id,
    displayNo: r.invoice_no,
    status: r.status,
    subtitle: [r.inv_type, r.account_code, r.full_name].filter(Boolean).join(' · '),
    dates: { invoiceDate: r.invoice_date },
    partyIds: [r.party_id],
    numbers: [
      { field: 'invoice_no', value: r.invoice_no },
      { field: 'ap_ref', value: r.ap_ref },
      { field: 'group_no', value: r.group_no },
      { field: 'gov_invoice_no', value: r.gov_invoice_no },
    ],
  };
}

/** Puts these invoices' numbers into the index; called in the transaction of each invoice write. */
export async function indexInvoices(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await load(tx, sql`${keyIn(sql`i.inv_id`, ids)} and i.status <> 'DELETED'`);
  await indexDocuments(tx, INVOICE_SEARCH_KIND, rows.map(documentOf));
  // A deleted invoice is no longer found.
  const gone = ids.filter((id) => !rows.some((r) => r.inv_id === id));
  await removeIndexedDocuments(tx, INVOICE_SEARCH_KIND, gone);
}

/** The invoice fields its index rows are made of (documentOf), besides its status. */
const INDEXED_FIELDS = [
  'invoice_no',
  'ap_ref',
  'group_no',
  'gov_invoice_no',
  'inv_type',
  'account_code',
  'party_id',
  'invoice_date',
] as const;

/**
 * A write that changed none of the indexed fields (a move through the approval flow): its index rows keep their
 * numbers, subtitle, dates and parties, and take the new status in one statement instead of a read, a delete and
 * an insert (indexInvoices). Answers false when the write changed any of them or deleted it (nothing written),
 * or when the invoice had no index rows.
 */
export async function restatusIndexedInvoice(
  tx: DbOrTx,
  before: Record<(typeof INDEXED_FIELDS)[number], unknown>,
  after: Record<(typeof INDEXED_FIELDS)[number] | 'inv_id' | 'status', unknown>,
): Promise<boolean> {
  if (after.status === 'DELETED' || INDEXED_FIELDS.some((f) => before[f] !== after[f])) return false;
  // No row restated (an invoice missing from the index): false, so the caller's full re-index puts it back.
  const { rowCount } = await executePrepared(
    tx,
    sql`update document_numbers set status = ${after.status}
         where kind = ${INVOICE_SEARCH_KIND} and doc_id = ${String(after.inv_id)}`,
  );
  return (rowCount ?? 0) > 0;
}

/** Puts a new invoice's numbers into the index (its create's transaction): one insert, nothing to replace. */
export async function indexNewInvoice(tx: DbOrTx, inv: InvoiceNumbersRow) {
  await executePrepared(
    tx,
    sql`${documentRowsInsert(documentIndexRows(INVOICE_SEARCH_KIND, documentOf(inv)))} on conflict do nothing`,
  );
}

async function rebuildInvoiceNumbers(db: Db): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const rows = await load(db, sql`i.inv_id > ${after} and i.status <> 'DELETED'`, 5000);
    if (rows.length === 0) return total;
    await db.transaction((tx) => indexDocuments(tx, INVOICE_SEARCH_KIND, rows.map(documentOf)));
    total += rows.length;
    after = rows[rows.length - 1].inv_id;
  }
}

// Invoices are internal-only (docs/invoices.md): external profiles never find them.
registerSearchKind({
  kind: INVOICE_SEARCH_KIND,
  funcIds: ['m_ar', 'm_ap'],
  externalAccess: 'none',
  href: ({ id }) => `/INV/Details/${id}`,
  order: 60,
  rebuild: rebuildInvoiceNumbers,
});
