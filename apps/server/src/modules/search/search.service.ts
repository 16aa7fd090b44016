import {
  normaliseDocumentNumber,
  type TSearchDocumentsQuery,
  type TSearchDocumentsResponse,
  type TSearchHit,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { searchKinds } from '../../platform/search/document-numbers';
import { ownPartyIdsSql } from '../party';
import { findNumbers } from './search.repository';

/**
 * The header's global search (docs/search.md): documents whose numbers start with `q` (case, spaces and
 * dashes ignored), only of kinds the actor holds a function for, and for external profiles only documents
 * where one of their own parties stands. One document appears once (its first matching number).
 */
export async function searchDocuments(
  db: DbOrTx,
  actor: Actor,
  query: TSearchDocumentsQuery,
): Promise<TSearchDocumentsResponse> {
  const normalised = normaliseDocumentNumber(query.q);
  const ownParties = ownPartyIdsSql(actor);
  const kinds = searchKinds().filter(
    (k) => k.funcIds.some((f) => actor.funcs.has(f)) && (!ownParties || k.externalAccess === 'own-parties'),
  );
  if (!normalised || kinds.length === 0) return { normalised, groups: [] };
  // A document found by several numbers (SO# and job# share a prefix) takes several rows: read a few more.
  const rows = await findNumbers(db, {
    prefix: normalised,
    kinds: kinds.map((k) => k.kind),
    partyKinds: kinds.map((k) => k.kind),
    ownParties,
    limit: query.limit * 3,
  });
  const seen = new Set<string>();
  const byKind = new Map<string, TSearchHit[]>();
  let count = 0;
  for (const r of rows) {
    const key = `${r.kind}\u0000${r.doc_id}`;
    if (seen.has(key) || count >= query.limit) continue;
    seen.add(key);
    count += 1;
    const kind = kinds.find((k) => k.kind === r.kind);
    if (!kind) continue;
    const hit: TSearchHit = {
      kind: r.kind,
      id: r.doc_id,
      display_no: r.display_no,
      field: r.field,
      number: r.number,
      status: r.status,
      subtitle: r.subtitle,
      dates: r.dates ?? {},
      href: kind.href({ id: r.doc_id, displayNo: r.display_no }),
    };
    byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), hit]);
  }
  return {
    normalised,
    groups: kinds
      .filter((k) => byKind.has(k.kind))
      .map((k) => ({ kind: k.kind, hits: byKind.get(k.kind) ?? [] })),
  };
}
