import { BOOKING_MSG, type TIsfProfile, type ZCreateIsfProfile } from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { type IsfProfileRow as Row, bookingExtrasRepository as repo } from './booking-extras.repository';

const present = (r: Row): TIsfProfile => ({
  isf_profile_id: r.isf_profile_id,
  name: r.name,
  address1: r.address1,
  address2: r.address2,
  city: r.city,
  state: r.state,
  zip: r.zip,
  country: r.country,
  countryOfOrigin: r.country_of_origin,
});

/** ISF profiles are per user (001 §3 ISF profile): each user sees and deletes only their own. */
export const isfProfileService = {
  async list(db: DbOrTx, actor: Actor, q?: string): Promise<TIsfProfile[]> {
    const rows = await repo.isfProfiles(db, actor.user_uid, q?.trim() || undefined);
    return rows.map(present);
  },

  async create(db: DbOrTx, actor: Actor, v: z.output<typeof ZCreateIsfProfile>): Promise<TIsfProfile> {
    const row = await repo.insertIsfProfile(db, {
      owner_uid: actor.user_uid,
      name: v.name,
      address1: v.address1,
      address2: v.address2,
      city: v.city,
      state: v.state ? v.state.toUpperCase() : null,
      zip: v.zip ? v.zip.toUpperCase() : null,
      country: v.country,
      country_of_origin: v.countryOfOrigin,
      created_by: actor.login_id,
      updated_by: actor.login_id,
    });
    return present(row);
  },

  /** Deletes one of the caller's profiles; another user's or a missing one answers 404 msgDeleteIsfProfileFail. */
  async remove(db: DbOrTx, actor: Actor, id: number): Promise<void> {
    if (!(await repo.deleteIsfProfile(db, actor.user_uid, id)))
      throw new AppError(404, BOOKING_MSG.isfProfileDeleteFail);
  },
};
