import type { TSmartSearchHistoryEntry, TUserPreference } from '@portal/contracts';
import type { PreferenceRow, SearchHistoryRow } from './preference.repository';

/** What a saved preference looks like on the wire (000 §3 User preference); user_uid never leaves. */
export const presentUserPreference = (p: PreferenceRow): TUserPreference => ({
  preference_id: p.preference_id,
  preference_type: p.preference_type,
  preference: p.preference,
  url: p.url,
  preference_name: p.preference_name,
  preference_style: p.preference_style,
  isFavourite: p.is_favourite,
});

/** One smart search history entry on the wire. */
export const presentSearchHistory = (h: SearchHistoryRow): TSmartSearchHistoryEntry => ({
  id: h.id,
  search_text: h.search_text,
});
