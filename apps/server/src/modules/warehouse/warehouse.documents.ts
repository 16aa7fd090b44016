import { registerDocumentOwner, serialId } from '../../platform/files/document-owners';
import { warehouseRepository } from './warehouse.repository';

/** Warehouses hold attachments (001 §3 Warehouse), maintained with the `admin` function id. */
registerDocumentOwner({
  entityType: 'warehouse',
  readFuncId: 'admin',
  writeFuncId: 'admin',
  exists: async (db, entityId) => {
    const id = serialId(entityId);
    return id !== null && !!(await warehouseRepository.byId(db, id));
  },
});
