import type { TFuncCatalogue, TRoleRecord } from '@portal/contracts';

/** The role form's values: code, name and the chosen function ids. */
export interface RoleFormValues {
  code: string;
  name: string;
  func_ids: string[];
}

/** What the form starts with: empty for a new role, the role's own values to edit one. */
export const toFormValues = (r: TRoleRecord | null): RoleFormValues => ({
  code: r?.code ?? '',
  name: r?.name ?? '',
  func_ids: r?.func_ids ?? [],
});

/** The body the server takes: code and name trimmed, the function ids sorted. */
export const toRequest = (v: Record<string, unknown>) => ({
  code: String(v.code ?? '').trim(),
  name: String(v.name ?? '').trim(),
  func_ids: [...((v.func_ids as string[] | undefined) ?? [])].sort(),
});

/** The catalogue's functions grouped by menu id, menus in the order they first appear. */
export function funcMenus(catalogue: TFuncCatalogue): [string, TFuncCatalogue][] {
  const byMenu = new Map<string, TFuncCatalogue>();
  for (const f of catalogue) byMenu.set(f.menu_id, [...(byMenu.get(f.menu_id) ?? []), f]);
  return [...byMenu.entries()];
}

/** The chosen ids after checking (or clearing) `ids`, sorted. */
export function withIds(chosen: ReadonlySet<string>, ids: readonly string[], on: boolean): string[] {
  const next = new Set(chosen);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return [...next].sort();
}

/** A menu's box: checked when all its functions are, 'mixed' when only some are. */
export function menuCheck(ids: readonly string[], chosen: ReadonlySet<string>): boolean | 'mixed' {
  const count = ids.filter((id) => chosen.has(id)).length;
  if (count === ids.length) return true;
  return count > 0 ? 'mixed' : false;
}
