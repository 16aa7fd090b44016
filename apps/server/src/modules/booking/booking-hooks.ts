import type { Actor } from '../../platform/access/access';
import type { FieldChanges } from '../../platform/audit/history';
import type { DbOrTx, Tx } from '../../platform/db/client';

/** What an amendment hook hears: the saved order and what changed, inside the save's transaction. */
export interface BookingAmendment {
  so_id: number;
  so_no: string;
  changes: FieldChanges;
  actor: Actor;
}
export type BookingAmendmentHook = (tx: Tx, amendment: BookingAmendment) => Promise<void>;

const amendmentHooks: BookingAmendmentHook[] = [];

/**
 * Lets a module that holds shipping orders (consolidation today) react to an SO edit in the same transaction,
 * without booking importing it (like party's registerDocumentPartySource).
 */
export function registerBookingAmendmentHook(hook: BookingAmendmentHook) {
  amendmentHooks.push(hook);
}

/** Runs every registered hook after an edit that changed something. */
export async function runBookingAmendmentHooks(tx: Tx, amendment: BookingAmendment) {
  for (const hook of amendmentHooks) await hook(tx, amendment);
}

/** A plan an SO belongs to, as the booking's "related consol" panel lists it. */
export interface RelatedConsol {
  consol_no: string;
  status: string;
}
type RelatedConsolSource = (db: DbOrTx, soId: number) => Promise<RelatedConsol[]>;
const relatedConsolSources: RelatedConsolSource[] = [];

/** Lets the consolidation module answer the related consol panel without booking importing it. */
export function registerRelatedConsolSource(source: RelatedConsolSource) {
  relatedConsolSources.push(source);
}

/** The plans an SO belongs to, from every registered source. */
export async function relatedConsols(db: DbOrTx, soId: number): Promise<RelatedConsol[]> {
  const all = await Promise.all(relatedConsolSources.map((s) => s(db, soId)));
  return all.flat();
}
