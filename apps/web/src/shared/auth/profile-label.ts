import type { TProfile } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** A profile's type in the UI language (falls back to the server's name), e.g. "Agent". */
export const profileTypeText = (t: TFunction, p: Pick<TProfile, 'profile_type' | 'profile_name'>) =>
  t(`auth:profileType.${p.profile_type}`, { defaultValue: p.profile_name || p.profile_type });

/** A profile as the user picks it: type, and office when it has one, e.g. "Agent (HKG)". */
export const profileLabel = (t: TFunction, p: TProfile) =>
  p.office_code ? `${profileTypeText(t, p)} (${p.office_code})` : profileTypeText(t, p);
