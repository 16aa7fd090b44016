import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executeRendered } from '../../platform/db/client';
import { idSetScan } from '../../platform/db/rendered-select';
import { likeEscape } from '../../platform/list/list-query';
import {
  idsAmong,
  idsIn,
  inPrefixRange,
  numberLikePrefix,
  prefixRange,
} from '../../platform/search/document-numbers';
import { invoiceJobs, invoices } from './invoice.tables';
import { INVOICE_SEARCH_KIND } from './invoice-search.repository';

/**
 * Where a number-like smart search (numberLikePrefix: letters and digits, 3+ characters) can start: each is one
 * prefix probe of an index. The invoice's own numbers (invoice#, AP ref, group#, government no.) through the
 * document-number index; job# and SO# through invoice_jobs; HBL and MBL on the invoice; container# through the
 * booking's containers and the SOs the invoice bills; the account code by equality.
 */
const numberBranches = (v: { lo: SQL; hi: SQL; norm: SQL }): SQL[] => [
  sql`select d.doc_id::int as inv_id from document_numbers d where ${inPrefixRange(sql`d.number_norm`, v.lo, v.hi)} and d.kind = ${INVOICE_SEARCH_KIND}`,
  sql`select j.inv_id from ${invoiceJobs} j where ${inPrefixRange(sql`j.job_no`, v.lo, v.hi)}`,
  sql`select j.inv_id from ${invoiceJobs} j where ${inPrefixRange(sql`j.so_no`, v.lo, v.hi)}`,
  sql`select i.inv_id from ${invoices} i where ${inPrefixRange(sql`i.hbl_no`, v.lo, v.hi)}`,
  sql`select i.inv_id from ${invoices} i where ${inPrefixRange(sql`i.mbl_no`, v.lo, v.hi)}`,
  // The order's number by a primary-key subquery, not a join: PostgreSQL plans this branch on every search (a
  // prefix's plan depends on it), and a join with shipping_orders (36 indexes) took 0.79 ms to plan, 0.37 this.
  sql`select j.inv_id from so_containers c
         join ${invoiceJobs} j on j.so_no = (select so.so_no from shipping_orders so where so.so_id = c.so_id)
        where ${inPrefixRange(sql`c.container_no`, v.lo, v.hi)}`,
  sql`select i.inv_id from ${invoices} i where i.account_code = ${v.norm}`,
];
/** The branches with their values as placeholders (the probe and the ids, rendered once: executeRendered). */
const NUMBER_PLACEHOLDERS = {
  lo: sql`${sql.placeholder('lo')}`,
  hi: sql`${sql.placeholder('hi')}`,
  norm: sql`${sql.placeholder('norm')}`,
};
const BRANCH_COUNT = numberBranches(NUMBER_PLACEHOLDERS).length;

/**
 * The smart search's condition (002 §2): number-like input that starts some invoice's number (one probe per
 * branch, stopping at the first hit) is answered through the prefix indexes above; anything else (a name, a
 * number's middle or tail) keeps the "contains" trigram search over search_text (invoices_search_trgm_idx),
 * which at millions of invoices is the slow path (docs/invoices.md "Scale").
 */
export async function searchSql(
  db: DbOrTx,
  q: string | undefined,
): Promise<{ where: SQL; among: boolean; byIds?: boolean } | undefined> {
  const text = q?.trim();
  if (!text) return undefined;
  const number = numberLikePrefix(text);
  if (number) {
    const { lo, hi } = prefixRange(number);
    const values = { lo, hi, norm: number };
    // One probe answers which branches hold the prefix; the list reads only those (usually one), so the
    // page's statement stays small to plan: a union of all seven took ~2 ms to plan at 2 M invoices. Both the
    // probe and the ids run prepared (prefix ranges: startsWith) and rendered once, their bounds filled per call
    // (executeRendered: Drizzle rendered the seven branches on every search). The probe's exists() plans are
    // as cheap generic as custom, so PostgreSQL keeps its generic plan and stops planning it (0.18 ms of
    // PostgreSQL CPU a call at 2 M invoices); one statement answering every branch's ids as arrays was tried
    // (issue 40, session 49): one round trip less, but it was planned on every call (1.2 ms).
    const { rows } = await executeRendered<Record<string, boolean>>(
      db,
      'invoice.numberProbe',
      () =>
        sql`select ${sql.join(
          numberBranches(NUMBER_PLACEHOLDERS).map((b, k) => sql`exists(${b}) as ${sql.raw(`b${k}`)}`),
          sql`, `,
        )}`,
      values,
    );
    const hit = Array.from({ length: BRANCH_COUNT }, (_, k) => rows[0]?.[`b${k}`] === true);
    if (hit.some(Boolean)) {
      const union = (v: typeof NUMBER_PLACEHOLDERS) =>
        sql.join(
          numberBranches(v).filter((_, k) => hit[k]),
          sql` union `,
        );
      // A few matching ids are read first and the page by primary key (idsIn); beyond idSetScan.from the page
      // is read among them, gathered inside the statement (idsAmong, selectPageAmong). Left as a subquery, a
      // prefix matching thousands (an AP ref's carrier and office) was estimated high and hash-joined against
      // the whole invoice# index (1.1 s for 6,853 ids at 2 M invoices).
      const { rows: ids } = await executeRendered<{ inv_id: number }>(
        db,
        `invoice.numberIds:${hit.map((h) => (h ? 1 : 0)).join('')}`,
        () => sql`select x.inv_id from (${union(NUMBER_PLACEHOLDERS)}) x limit ${sql.placeholder('cap')}`,
        { ...values, cap: idSetScan.from + 1 },
      );
      if (ids.length <= idSetScan.from)
        return {
          where: idsIn(invoices.inv_id, [...new Set(ids.map((r) => Number(r.inv_id)))]),
          among: false,
          byIds: true,
        };
      const bound = { lo: sql`${lo}`, hi: sql`${hi}`, norm: sql`${number}` };
      return { where: idsAmong(invoices.inv_id, sql`select x.inv_id from (${union(bound)}) x`), among: true };
    }
  }
  return { where: sql`${invoices.search_text} like ${`%${likeEscape(text.toLowerCase())}%`}`, among: false };
}
