import type { ZProfileTypeOption } from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import * as repo from './admin.repository';

/** GET /admin/getprofileTypeOpts: every profile type as {profile_type_id, profile_type (code)}. */
export async function profileTypeOptions(opts: { db: Db }): Promise<z.infer<typeof ZProfileTypeOption>[]> {
  return repo.listProfileTypeOptions(opts.db);
}
