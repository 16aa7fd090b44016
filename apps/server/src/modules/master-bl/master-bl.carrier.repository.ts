import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { MblRow } from './master-bl.repository';
import { masterBls } from './master-bl.tables';

/** What the carrier link reads of bills outside a user's request (a carrier's news: no actor, no party filter). */
export const mblCarrierRepository = {
  /** The bill with this id (optionally locked), whoever may see it. */
  async byId(db: DbOrTx, mblId: number, lock = false): Promise<MblRow | undefined> {
    const q = db.select().from(masterBls).where(eq(masterBls.mbl_id, mblId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
};
