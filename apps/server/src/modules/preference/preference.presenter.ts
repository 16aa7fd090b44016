import type { TSmartSearchHistoryEntry, TUserPreference } from '@portal/contracts';
import { presentPreference } from '../auth';
import type { PreferenceRow, SearchHistoryRow } from './preference.repository';

/** What a saved preference looks like on the wire (000 §3 User preference); user_uid never leaves. */
export const presentUserPreference: (p: PreferenceRow) => TUserPreference = presentPreference;

/** One smart search history entry on the wire. */
export const presentSearchHistory = (h: SearchHistoryRow): TSmartSearchHistoryEntry => ({
  id: h.id,
  search_text: h.search_text,
});
