import type { MenuItem, TUserModuleListResponse } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import type { MenuRow } from './auth.repository';
import * as repo from './auth.repository';

/**
 * Builds the menu a user sees from the menu rows: an item shows when it needs no function id or the user
 * holds it; a group (an item with children in the table) shows only when one of its children shows.
 */
export function buildMenu(rows: MenuRow[], funcs: ReadonlySet<string>): TUserModuleListResponse {
  const children = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_key) ?? [];
    list.push(row);
    children.set(row.parent_key, list);
  }
  const build = (parent: string | null, seen: Set<string>): MenuItem[] =>
    (children.get(parent) ?? []).flatMap((row): MenuItem[] => {
      if (seen.has(row.menu_key)) return []; // a cycle in the table must not hang the request
      if (row.func_id !== null && !funcs.has(row.func_id)) return [];
      const isGroup = children.has(row.menu_key);
      const kids = isGroup ? build(row.menu_key, new Set(seen).add(row.menu_key)) : [];
      if (isGroup && kids.length === 0) return [];
      if (!isGroup && !row.url) return [];
      const item: MenuItem = { key: row.menu_key, title: row.title_key, section: row.section };
      if (row.url) item.url = row.url;
      if (row.icon) item.icon = row.icon;
      if (kids.length) item.children = kids;
      return [item];
    });
  const menu = build(null, new Set());
  const firstUrl = (item: MenuItem): string | undefined =>
    item.url ?? item.children?.map(firstUrl).find((u) => u !== undefined);
  const modules = menu.flatMap((item) => {
    const url = firstUrl(item);
    return url ? [{ section: item.section ?? '', key: item.key, url }] : [];
  });
  return { modules, menu };
}

/** GET /Users/UserModuleList: the modules and menu tree of the chosen profile (less items a flag hides). */
export async function userModuleList(opts: {
  db: Db;
  actor: Actor;
  hidden?: ReadonlySet<string>;
}): Promise<TUserModuleListResponse> {
  const rows = await repo.listMenus(opts.db);
  return buildMenu(
    opts.hidden?.size ? rows.filter((r) => !opts.hidden?.has(r.menu_key)) : rows,
    opts.actor.funcs,
  );
}
