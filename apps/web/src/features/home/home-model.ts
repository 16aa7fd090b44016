import type { ShownMenuItem } from '../../shared/layout/menu-model';

/** The pages under a menu item (itself when it is a page), in menu order. */
export const pagesUnder = (item: ShownMenuItem): ShownMenuItem[] =>
  item.children?.length ? item.children.flatMap(pagesUnder) : item.url ? [item] : [];

/** The home page's module cards: one per top menu group with its pages; a group without pages shows none. */
export const moduleCards = (menu: readonly ShownMenuItem[]) =>
  menu.map((g) => ({ group: g, pages: pagesUnder(g) })).filter((g) => g.pages.length);
