// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SideMenu } from './side-menu';

vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string, o?: { defaultValue?: string }) => o?.defaultValue ?? k }),
}));

const MENU = [
  {
    key: 'booking',
    title: 'Booking',
    icon: 'book',
    children: [
      { key: 'booking-list', title: 'Shipping orders', url: '/BMS/enhance_booking' },
      { key: 'approval', title: 'Approvals', url: '/BMS/approval' },
    ],
  },
  {
    key: 'master',
    title: 'Master data',
    icon: 'setting',
    children: [{ key: 'party', title: 'Parties', url: '/BMS/party' }],
  },
];

vi.mock('../auth', () => ({
  LOGIN_PATH: '/login',
  logout: () => {},
  useSession: () => ({ claims: { sub: 1 } }),
  useUserModules: () => ({ data: { menu: MENU }, isError: false }),
}));

afterEach(cleanup);

const renderAt = (path: string, collapsed = false) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu collapsed={collapsed} pinned onPin={() => {}} />
    </MemoryRouter>,
  );

describe('SideMenu (a navigation of links, no antd Menu: issue 20)', () => {
  it('is a named navigation; the current page is aria-current in its open group, other groups are closed', () => {
    renderAt('/BMS/enhance_booking');
    const nav = screen.getByRole('navigation', { name: 'common:mainMenu' });
    const current = within(nav).getByRole('link', { name: 'Shipping orders' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe('/BMS/enhance_booking');
    expect(
      within(nav)
        .getByRole('button', { name: /Booking/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    const master = within(nav).getByRole('button', { name: /Master data/ });
    expect(master.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByRole('link', { name: 'Parties' })).toBeNull();
  });

  it('opens and closes a group with its button (a disclosure: Enter and Space work as on any button)', () => {
    renderAt('/');
    const master = screen.getByRole('button', { name: /Master data/ });
    fireEvent.click(master);
    expect(master.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Parties' }).getAttribute('href')).toBe('/BMS/party');
    expect(screen.getByTestId('menu-home').getAttribute('aria-current')).toBe('page');
    fireEvent.click(master);
    expect(master.getAttribute('aria-expanded')).toBe('false');
  });

  it('the search opens the groups holding a match and keeps only matching pages', () => {
    renderAt('/');
    fireEvent.change(screen.getByTestId('menu-search'), { target: { value: 'part' } });
    expect(screen.getByRole('link', { name: 'Parties' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Shipping orders' })).toBeNull();
  });

  it('folded to icons, the links keep their names', () => {
    renderAt('/BMS/enhance_booking', true);
    expect(screen.getByTestId('menu-home').textContent).toContain('common:home');
    expect(screen.getByTestId('menu-sign-out').textContent).toContain('common:signOut');
  });
});
