// Preference limits and types without zod (issue 20: DataTable imports them without the schemas);
// preference.ts re-exports everything here.

/** A saved preference's JSON may take at most this many bytes (UTF-8). */
export const PREFERENCE_MAX_BYTES = 64 * 1024;
export const PREFERENCE_NAME_MAX = 100;
/** At most this many preferences per user and page (url). */
export const MAX_PREFERENCES_PER_URL = 50;
/** GetSmartSearchHistory answers this many, newest first; the server keeps at most SMART_SEARCH_HISTORY_KEPT. */
export const SMART_SEARCH_HISTORY_SHOWN = 20;
export const SMART_SEARCH_HISTORY_KEPT = 50;
export const SMART_SEARCH_TEXT_MAX = 200;
/** preference_type of a DataTable view: column layout, filters and sort saved under a name. */
export const TABLE_VIEW_PREFERENCE = 'table_view';
