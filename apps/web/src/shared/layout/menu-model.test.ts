import { describe, expect, it } from 'vitest';
import { filterMenu, type ShownMenuItem, selectedItem } from './menu-model';

const menu: ShownMenuItem[] = [
  {
    key: 'm_admin',
    title: 'Administration',
    children: [
      { key: 'm_admin_carrier', title: 'Carrier Maintenance', url: '/BMS/carrier_maintenance' },
      { key: 'm_admin_user', title: 'User Maintenance', url: '/BMS/user_maintenance' },
    ],
  },
  { key: 'm_booking', title: 'Booking', url: '/BMS/enhance_booking' },
];

describe('menu search', () => {
  it('keeps matching items and opens the groups that hold them', () => {
    const { items, openKeys } = filterMenu(menu, 'carrier');
    expect(items).toHaveLength(1);
    expect(items[0].children?.map((c) => c.key)).toEqual(['m_admin_carrier']);
    expect(openKeys).toEqual(['m_admin']);
  });

  it('keeps a whole group when its own title matches, ignoring case', () => {
    const { items } = filterMenu(menu, 'ADMIN');
    expect(items[0].children).toHaveLength(2);
  });

  it('shows everything for an empty query and nothing for no match', () => {
    expect(filterMenu(menu, '  ').items).toBe(menu);
    expect(filterMenu(menu, 'zzz').items).toEqual([]);
  });
});

describe('selected menu item', () => {
  it('is the longest menu url that prefixes the path, with its groups', () => {
    expect(selectedItem(menu, '/BMS/carrier_maintenance/42')).toEqual({
      key: 'm_admin_carrier',
      parents: ['m_admin'],
    });
    expect(selectedItem(menu, '/BMS/carrier_maintenance_x')).toBeNull();
  });
});
