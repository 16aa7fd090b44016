import { registerDocumentOwner } from '../../platform/files/document-owners';
import { isVisibleBooking } from './booking.read';

/**
 * Shipping orders hold documents (the booking's Document Upload and Document Upload History tabs), keyed by
 * so_no and read and changed with the `booking` function id. An external user reaches only the documents of
 * bookings of their own parties: any other SO number answers 404 like a missing one.
 */
registerDocumentOwner({
  entityType: 'booking',
  readFuncId: 'booking',
  writeFuncId: 'booking',
  exists: (db, entityId, actor) => isVisibleBooking(db, actor, entityId),
});
