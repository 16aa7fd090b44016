import type { MenuItem } from '@portal/contracts';
import type { ReactNode } from 'react';

/** A server menu item with its title already translated. */
export interface ShownMenuItem {
  key: string;
  title: string;
  url?: string;
  icon?: string;
  children?: ShownMenuItem[];
}

/** Translates the titles of the server's menu tree (titles are keys in the `menu` namespace). */
export function translateMenu(items: MenuItem[], tr: (key: string) => string): ShownMenuItem[] {
  return items.map((i) => ({
    key: i.key,
    title: tr(i.title),
    url: i.url,
    icon: i.icon,
    children: i.children ? translateMenu(i.children, tr) : undefined,
  }));
}

const matches = (title: string, q: string) => title.toLocaleLowerCase().includes(q);

/**
 * The menu search (000 §2.2): keeps items whose title matches, and groups holding a match; a group
 * whose own title matches keeps all its children. Returns the groups to open.
 */
export function filterMenu(
  items: ShownMenuItem[],
  query: string,
): { items: ShownMenuItem[]; openKeys: string[] } {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return { items, openKeys: [] };
  const openKeys: string[] = [];
  const walk = (list: ShownMenuItem[]): ShownMenuItem[] =>
    list.flatMap((item) => {
      if (!item.children?.length) return matches(item.title, q) ? [item] : [];
      const kids = matches(item.title, q) ? item.children : walk(item.children);
      if (!kids.length) return [];
      openKeys.push(item.key);
      return [{ ...item, children: kids }];
    });
  return { items: walk(items), openKeys };
}

/** The text with every occurrence of the query marked. */
export function highlight(text: string, query: string): ReactNode {
  const q = query.trim();
  if (!q) return text;
  const lower = text.toLocaleLowerCase();
  const needle = q.toLocaleLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="portal-menu-highlight">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** The menu item whose url is the longest prefix of the path (the selected one). */
export function selectedItem(
  items: ShownMenuItem[],
  pathname: string,
): { key: string; parents: string[] } | null {
  let best: { key: string; parents: string[]; len: number } | null = null;
  const p = pathname.toLowerCase();
  const walk = (list: ShownMenuItem[], parents: string[]) => {
    for (const i of list) {
      const url = i.url?.toLowerCase();
      if (url && url !== '/' && (p === url || p.startsWith(`${url}/`)) && url.length > (best?.len ?? 0)) {
        best = { key: i.key, parents, len: url.length };
      }
      if (i.children) walk(i.children, [...parents, i.key]);
    }
  };
  walk(items, []);
  const found = best as { key: string; parents: string[] } | null;
  return found ? { key: found.key, parents: found.parents } : null;
}

/** url → translated title, for the breadcrumb. */
export function titlesByUrl(items: ShownMenuItem[], into = new Map<string, string>()): Map<string, string> {
  for (const i of items) {
    if (i.url) into.set(i.url.toLowerCase(), i.title);
    if (i.children) titlesByUrl(i.children, into);
  }
  return into;
}
