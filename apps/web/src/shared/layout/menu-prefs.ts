import { useLocalStorageState } from '../hooks/use-local-storage-state';

/** How the side menu is shown (000 §2.2), kept per device; logout keeps it. */
export interface MenuPrefs {
  /** Pinned: the menu takes its 250 px. Unpinned: a 5 px strip that opens the menu over the page on hover. */
  pinned: boolean;
  /** Pinned menu folded to icons. */
  collapsed: boolean;
}

export const MENU_PREFS_KEY = 'portal.menu';
const DEFAULT_PREFS: MenuPrefs = { pinned: true, collapsed: false };

/** The menu preferences and their setter. */
export const useMenuPrefs = () => useLocalStorageState<MenuPrefs>(MENU_PREFS_KEY, DEFAULT_PREFS);
