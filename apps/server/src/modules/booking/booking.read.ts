import type { TBooking } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';

/**
 * A shipping order as the API answers it (ZBooking), if the actor may see it; otherwise 404 msgSoNotFound.
 * Placeholder until the booking core lands.
 */
export async function getBookingOrThrow(_db: DbOrTx, _actor: Actor, _soNo: string): Promise<TBooking> {
  throw new Error('booking core not built yet');
}
