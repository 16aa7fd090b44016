/**
 * Remembers each list's last search (filters, sort, page) for the tab, so "Back to list" from a detail
 * screen returns to the same view even after the detail screen was reloaded.
 */
const key = (listPath: string) => `portal.listSearch:${listPath}`;

/** Stores the search part of a list URL (called by useListQuery whenever the list state changes). */
export function rememberListSearch(listPath: string, search: string): void {
  try {
    sessionStorage.setItem(key(listPath), search);
  } catch {
    // Storage can be unavailable (private mode, quota); the list then opens unfiltered.
  }
}

/** The list path with its remembered search, e.g. `/BMS/carrier_maintenance?q=MAE&page=2`. */
export function listReturnPath(listPath: string): string {
  let search = '';
  try {
    search = sessionStorage.getItem(key(listPath)) ?? '';
  } catch {
    search = '';
  }
  if (search && !search.startsWith('?')) search = `?${search}`;
  return `${listPath}${search}`;
}
