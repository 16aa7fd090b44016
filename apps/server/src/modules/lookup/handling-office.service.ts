import type { FuncId, TOfficeOption, TPolHandlingOfficeQuery } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { handlingOfficeRepository as repo } from './handling-office.repository';

const SHOW_FULL_LIST: FuncId = 'show_full_list_hd_office';
const ADMIN: FuncId = 'admin';

/**
 * The offices that handle a port of loading (000 §7, 001 §6). Holders of show_full_list_hd_office see every
 * handling office unless they ask show_all=false; everyone else sees only the offices of the profile's
 * office group. include_party_id is added even when filtered out (a saved choice stays visible).
 * Nothing found → 404 msgNoRecordFound, which the web app shows as an empty list.
 */
export async function polHandlingOffices(opts: {
  db: Db;
  actor: Actor;
  query: TPolHandlingOfficeQuery;
}): Promise<TOfficeOption[]> {
  const { db, actor, query } = opts;
  const full = actor.funcs.has(SHOW_FULL_LIST) && query.show_all !== 'false';
  let group: { id: string | null } | null = null;
  if (!full) {
    const profileId = query.user_profile_id ?? actor.profile;
    const profile = profileId ? await repo.profileGroup(db, profileId) : null;
    // Another user's profile only for admins; an unknown profile filters everything out.
    if (profile && profile.user_uid !== actor.user_uid && !actor.funcs.has(ADMIN)) throw forbidden();
    group = { id: profile?.group_id ?? null };
  }
  const offices = await repo.handlingOffices(db, query.pol_locode, group);
  if (query.include_party_id && !offices.some((o) => o.party_id === query.include_party_id)) {
    const extra = await repo.office(db, query.include_party_id);
    if (extra) offices.push(extra);
  }
  if (!offices.length) throw notFound();
  return offices;
}
