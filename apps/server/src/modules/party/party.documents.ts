import { registerDocumentOwner, serialId } from '../../platform/files/document-owners';
import { partyRepository } from './party.repository';

/** Parties hold documents (the Document Upload tab): read and changed with the `party` function id. */
registerDocumentOwner({
  entityType: 'party',
  readFuncId: 'party',
  writeFuncId: 'party',
  exists: async (db, entityId) => {
    const id = serialId(entityId);
    return id !== null && !!(await partyRepository.byId(db, id));
  },
});
