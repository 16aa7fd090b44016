import {
  CloseOutlined,
  DownOutlined,
  HomeOutlined,
  LogoutOutlined,
  PushpinFilled,
  PushpinOutlined,
  RightOutlined,
  SearchOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH, logout, useSession, useUserModules } from '../auth';
import { menuIcon } from './menu-icons';
import { filterMenu, highlight, type ShownMenuItem, selectedItem, translateMenu } from './menu-model';
import '../plain/plain.css';
import './side-menu.css';

/**
 * The server-driven menu with its search box (000 §2.2); `onPin` toggles pinned/hidden; in the drawer of a
 * narrow window (menu-drawer.tsx) `onClose` replaces the pin with a close button. A navigation
 * landmark of links (groups are disclosure buttons with aria-expanded, the current page's link has
 * aria-current="page"), not antd's Menu: the shell loads no antd menu (issue 20's route budget), and a site
 * navigation is links in Tab order rather than an application menu.
 */
export function SideMenu({
  collapsed,
  pinned,
  onPin,
  onExpand,
  onClose,
}: {
  collapsed: boolean;
  pinned: boolean;
  onPin?: () => void;
  /** Shown in the drawer: a close button instead of the pin. */
  onClose?: () => void;
  /** Unfolds a menu folded to icons (a group's button was pressed there). */
  onExpand?: () => void;
}) {
  const { t } = useTranslation(['menu', 'common']);
  const { claims } = useSession();
  const { data, isError } = useUserModules();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [openKeys, setOpenKeys] = useState<string[] | null>(null);

  const all = useMemo(
    () => translateMenu(data?.menu ?? [], (k) => t(k, { ns: 'menu', defaultValue: k })),
    [data, t],
  );
  const filtered = useMemo(() => filterMenu(all, query), [all, query]);
  const selected = useMemo(() => selectedItem(all, pathname), [all, pathname]);

  const selectedKey =
    pathname === '/'
      ? 'home'
      : pathname.toLowerCase() === '/changeuser'
        ? 'change-user'
        : (selected?.key ?? null);
  // While searching, the matching groups are open; otherwise the user's choice, starting with the
  // group of the current page.
  const searching = query.trim() !== '';
  const shownOpenKeys = searching ? filtered.openKeys : (openKeys ?? selected?.parents ?? []);
  const toggle = (key: string) => {
    if (collapsed) {
      // Folded to icons: a group's button unfolds the menu with that group open.
      onExpand?.();
      setOpenKeys([...new Set([...(openKeys ?? selected?.parents ?? []), key])]);
      return;
    }
    if (searching) return;
    const current = openKeys ?? selected?.parents ?? [];
    setOpenKeys(current.includes(key) ? current.filter((k) => k !== key) : [...current, key]);
  };

  const link = (key: string, to: string, icon: ReactNode, label: ReactNode, testId?: string) => (
    <li key={key} className="side-nav-li">
      <Link
        to={to}
        className={`side-nav-item${key === selectedKey ? ' side-nav-item--selected' : ''}`}
        aria-current={key === selectedKey ? 'page' : undefined}
        data-testid={testId}
        title={collapsed && typeof label === 'string' ? label : undefined}
      >
        {icon ? <span className="side-nav-icon">{icon}</span> : null}
        <span className="side-nav-label">{label}</span>
      </Link>
    </li>
  );

  const tree = (list: ShownMenuItem[], depth: number): ReactNode =>
    list.map((i) => {
      const icon = menuIcon(i.icon, depth === 0);
      if (!i.children?.length) {
        return i.url ? (
          link(i.key, i.url, icon, highlight(i.title, query))
        ) : (
          <li key={i.key} className="side-nav-li">
            <span className="side-nav-item">{highlight(i.title, query)}</span>
          </li>
        );
      }
      const open = !collapsed && shownOpenKeys.includes(i.key);
      const groupId = `side-nav-${i.key}`;
      const holdsSelected = !open && selected?.parents.includes(i.key);
      return (
        <li key={i.key} className="side-nav-li">
          <button
            type="button"
            className={`side-nav-item side-nav-group${holdsSelected ? ' side-nav-group--holds-selected' : ''}`}
            aria-expanded={open}
            aria-controls={open ? groupId : undefined}
            aria-label={collapsed ? i.title : undefined}
            title={collapsed ? i.title : undefined}
            onClick={() => toggle(i.key)}
          >
            {icon ? <span className="side-nav-icon">{icon}</span> : null}
            <span className="side-nav-label">{highlight(i.title, query)}</span>
            <span className="side-nav-caret" aria-hidden>
              {open ? <DownOutlined /> : <RightOutlined />}
            </span>
          </button>
          {open ? (
            <ul id={groupId} className="side-nav-list side-nav-sub">
              {tree(i.children, depth + 1)}
            </ul>
          ) : null}
        </li>
      );
    });

  const pinLabel = pinned ? t('common:menu.unpin') : t('common:menu.pin');
  return (
    <nav
      aria-label={t('common:mainMenu')}
      data-testid="side-menu"
      className={`side-nav${collapsed ? ' side-nav--collapsed' : ''}`}
    >
      <div className="side-nav-top">
        {collapsed ? null : (
          <Link to="/" className="side-nav-app">
            {t('common:appName')}
          </Link>
        )}
        {onClose ? (
          <button
            type="button"
            className="side-nav-pin side-nav-close"
            title={t('common:menu.close')}
            aria-label={t('common:menu.close')}
            data-testid="menu-close"
            onClick={onClose}
          >
            <CloseOutlined />
          </button>
        ) : (
          <button
            type="button"
            className="side-nav-pin"
            title={pinLabel}
            aria-label={pinLabel}
            aria-pressed={pinned}
            data-testid="menu-pin"
            onClick={onPin}
          >
            {pinned ? <PushpinFilled /> : <PushpinOutlined />}
          </button>
        )}
      </div>
      {collapsed ? null : (
        <div className="side-nav-search">
          <SearchOutlined aria-hidden className="side-nav-search-icon" />
          <input
            type="search"
            className="plain-input side-nav-search-input"
            placeholder={t('common:menu.search')}
            aria-label={t('common:menu.search')}
            data-testid="menu-search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      )}
      {isError ? <div className="side-nav-error">{t('common:menu.loadFailed')}</div> : null}
      <div className="side-nav-scroll">
        <ul className="side-nav-list">
          {link('home', '/', <HomeOutlined />, t('common:home'), 'menu-home')}
          {tree(filtered.items, 0)}
        </ul>
        <hr className="side-nav-divider" />
        <ul className="side-nav-list">
          {claims?.super_user_uid
            ? link('change-user', '/ChangeUser', <SwapOutlined />, t('common:changeUser'), 'menu-change-user')
            : null}
          <li className="side-nav-li">
            <button
              type="button"
              className="side-nav-item"
              data-testid="menu-sign-out"
              title={collapsed ? t('common:signOut') : undefined}
              onClick={() => {
                logout();
                navigate(LOGIN_PATH, { replace: true });
              }}
            >
              <span className="side-nav-icon">
                <LogoutOutlined />
              </span>
              <span className="side-nav-label">{t('common:signOut')}</span>
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
