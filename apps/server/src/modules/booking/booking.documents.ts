import { sql } from 'drizzle-orm';
import { registerDocumentOwner } from '../../platform/files/document-owners';
import { bookingVisibleSql } from './booking-access';

/**
 * Shipping orders hold documents (the booking's Document Upload and Document Upload History tabs), keyed by
 * so_no and read and changed with the `booking` function id. An external user reaches only the documents of
 * bookings of their own parties: any other SO number answers 404 like a missing one.
 */
registerDocumentOwner({
  entityType: 'booking',
  readFuncId: 'booking',
  writeFuncId: 'booking',
  exists: async (db, entityId, actor) => {
    const { rows } = await db.execute(
      sql`select 1 from shipping_orders so where so.so_no = ${entityId} and ${bookingVisibleSql(actor)} limit 1`,
    );
    return rows.length > 0;
  },
});
