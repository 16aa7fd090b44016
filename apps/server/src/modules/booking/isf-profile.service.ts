import { BOOKING_MSG, type TIsfProfile, type ZCreateIsfProfile } from '@portal/contracts';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { isfProfiles } from './booking.tables';

type Row = typeof isfProfiles.$inferSelect;
const ISF_PROFILE_LIST_MAX = 200;

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ISF profiles are per user (001 §3 ISF profile): each user sees and deletes only their own. */
export const isfProfileService = {
  async list(db: DbOrTx, actor: Actor, q?: string): Promise<TIsfProfile[]> {
    const text = q?.trim();
    const rows = await db
      .select()
      .from(isfProfiles)
      .where(
        and(
          eq(isfProfiles.owner_uid, actor.user_uid),
          text
            ? or(
                ilike(isfProfiles.name, `%${escapeLike(text)}%`),
                ilike(isfProfiles.city, `%${escapeLike(text)}%`),
              )
            : undefined,
        ),
      )
      .orderBy(asc(isfProfiles.name), asc(isfProfiles.isf_profile_id))
      .limit(ISF_PROFILE_LIST_MAX);
    return rows.map(present);
  },

  async create(db: DbOrTx, actor: Actor, v: z.output<typeof ZCreateIsfProfile>): Promise<TIsfProfile> {
    const [row] = await db
      .insert(isfProfiles)
      .values({
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
      })
      .returning();
    return present(row);
  },

  /** Deletes one of the caller's profiles; another user's or a missing one answers 404 msgDeleteIsfProfileFail. */
  async remove(db: DbOrTx, actor: Actor, id: number): Promise<void> {
    const gone = await db
      .delete(isfProfiles)
      .where(and(eq(isfProfiles.isf_profile_id, id), eq(isfProfiles.owner_uid, actor.user_uid)))
      .returning({ id: isfProfiles.isf_profile_id });
    if (!gone.length) throw new AppError(404, BOOKING_MSG.isfProfileDeleteFail);
  },
};
