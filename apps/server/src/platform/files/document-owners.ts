import type { FuncId, TDocumentEntityType } from '@portal/contracts';
import type { Actor } from '../access/access';
import type { DbOrTx } from '../db/client';

/** A module whose records hold documents: what the documents are called and who may read and change them. */
export interface DocumentOwner {
  entityType: TDocumentEntityType;
  /** Function id needed to list, download and see the history of the documents. */
  readFuncId: FuncId;
  /** Function id needed to upload and remove documents. */
  writeFuncId: FuncId;
  /**
   * True when the owning record exists and the actor may see it (the id comes from the URL, 1-64 letters,
   * digits, '_' or '-'); false answers 404, so records of other parties look like missing ones.
   */
  exists(db: DbOrTx, entityId: string, actor: Actor): Promise<boolean>;
}

const owners = new Map<string, DocumentOwner>();

/** Owning modules declare themselves here when their routes file loads (like selection providers). */
export function registerDocumentOwner(owner: DocumentOwner) {
  owners.set(owner.entityType, owner);
}

/** Every declared owner; the document module registers routes for each. */
export const documentOwners = () => [...owners.values()];

/** A positive 32-bit integer id from a URL segment, or null (for owners keyed by serial ids). */
export function serialId(entityId: string): number | null {
  const n = Number(entityId);
  return /^[1-9][0-9]{0,9}$/.test(entityId) && n <= 2_147_483_647 ? n : null;
}
