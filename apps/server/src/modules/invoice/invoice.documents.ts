import { registerDocumentOwner, serialId } from '../../platform/files/document-owners';
import { invoiceRepository } from './invoice.repository';

/**
 * Invoices hold documents (the Document Upload tab, 002 §2): read with `m_ap` (the function of the invoice
 * Search, held by every invoice role; external roles hold none), added and removed with `inv_edit`.
 */
registerDocumentOwner({
  entityType: 'invoice',
  readFuncId: 'm_ap',
  writeFuncId: 'inv_edit',
  exists: async (db, entityId) => {
    const id = serialId(entityId);
    return id !== null && !!(await invoiceRepository.byId(db, id));
  },
});
