import type { TFuncCatalogue, TRoleRecord } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { funcMenus, menuCheck, toFormValues, toRequest, withIds } from './role-form-values';

const catalogue = [
  { func_id: 'inv_view', menu_id: 'INV', description: 'View invoices' },
  { func_id: 'so_view', menu_id: 'SO', description: 'View bookings' },
  { func_id: 'inv_edit', menu_id: 'INV', description: 'Edit invoices' },
] as unknown as TFuncCatalogue;

describe('role form', () => {
  it('starts a new role empty and reads a saved one', () => {
    expect(toFormValues(null)).toEqual({ code: '', name: '', func_ids: [] });
    const r = { role_id: 1, code: 'OPS', name: 'Operations', func_ids: ['so_view'] } as TRoleRecord;
    expect(toFormValues(r)).toEqual({ code: 'OPS', name: 'Operations', func_ids: ['so_view'] });
  });

  it('sends code and name trimmed and the function ids sorted (without changing the form’s list)', () => {
    const ids = ['so_view', 'inv_edit'];
    expect(toRequest({ code: ' OPS ', name: ' Ops team ', func_ids: ids })).toEqual({
      code: 'OPS',
      name: 'Ops team',
      func_ids: ['inv_edit', 'so_view'],
    });
    expect(ids).toEqual(['so_view', 'inv_edit']);
    expect(toRequest({})).toEqual({ code: '', name: '', func_ids: [] });
  });
});

describe('role function tree', () => {
  it('groups the functions by menu in the order the menus first appear', () => {
    expect(funcMenus(catalogue).map(([m, fs]) => [m, fs.map((f) => f.func_id)])).toEqual([
      ['INV', ['inv_view', 'inv_edit']],
      ['SO', ['so_view']],
    ]);
  });

  it("checks or clears a menu's functions, keeping the others, sorted", () => {
    const chosen = new Set(['so_view', 'inv_view']);
    expect(withIds(chosen, ['inv_view', 'inv_edit'], true)).toEqual(['inv_edit', 'inv_view', 'so_view']);
    expect(withIds(chosen, ['inv_view', 'inv_edit'], false)).toEqual(['so_view']);
    expect([...chosen]).toEqual(['so_view', 'inv_view']);
  });

  it("shows a menu's box checked, mixed or clear", () => {
    const ids = ['inv_view', 'inv_edit'];
    expect(menuCheck(ids, new Set(['inv_view', 'inv_edit', 'so_view']))).toBe(true);
    expect(menuCheck(ids, new Set(['inv_edit']))).toBe('mixed');
    expect(menuCheck(ids, new Set(['so_view']))).toBe(false);
  });
});
