import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { profileTypes } from '../auth';

/** Profile types as options: id and code, in id order. */
export async function listProfileTypeOptions(db: DbOrTx) {
  return db
    .select({ profile_type_id: profileTypes.profile_type_id, profile_type: profileTypes.code })
    .from(profileTypes)
    .orderBy(asc(profileTypes.profile_type_id));
}
