import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { likeEscape } from '../../platform/list/list-query';

export interface NumberHitRow extends Record<string, unknown> {
  kind: string;
  doc_id: string;
  field: string;
  number: string;
  display_no: string;
  status: string | null;
  subtitle: string | null;
  dates: Record<string, string | null>;
}

/**
 * Index rows whose normalised number starts with `prefix`, in number order: one range scan of
 * document_numbers_prefix_idx (LIKE 'P%' with text_pattern_ops, ORDER BY ... USING ~<~ in the index's own
 * order, so PostgreSQL stops after `limit` rows). `kinds` are the kinds the actor may see at all;
 * `partyKinds` with `ownParties` (external profiles) keep only rows where one of the own parties stands.
 */
export async function findNumbers(
  db: DbOrTx,
  opts: { prefix: string; kinds: string[]; partyKinds: string[]; ownParties: SQL | null; limit: number },
): Promise<NumberHitRow[]> {
  const access = opts.ownParties
    ? sql`and d.kind = any(${sql.param(opts.partyKinds)}::text[]) and d.party_ids && array${opts.ownParties}`
    : sql``;
  const { rows } = await db.execute<NumberHitRow>(sql`
    select d.kind, d.doc_id, d.field, d.number, d.display_no, d.status, d.subtitle, d.dates
      from document_numbers d
     where d.number_norm like ${`${likeEscape(opts.prefix)}%`}
       and d.kind = any(${sql.param(opts.kinds)}::text[])
       ${access}
     order by d.number_norm using ~<~, d.kind, d.doc_id
     limit ${opts.limit}`);
  return rows;
}
