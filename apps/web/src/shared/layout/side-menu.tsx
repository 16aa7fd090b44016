import {
  HomeOutlined,
  LogoutOutlined,
  PushpinFilled,
  PushpinOutlined,
  SearchOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Button, Input, Menu, type MenuProps, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH, logout, useSession, useUserModules } from '../auth';
import { menuIcon } from './menu-icons';
import { filterMenu, highlight, type ShownMenuItem, selectedItem, translateMenu } from './menu-model';

type Items = NonNullable<MenuProps['items']>;

/** The server-driven menu with its search box (000 §2.2); `onPin` toggles pinned/hidden. */
export function SideMenu({
  collapsed,
  pinned,
  onPin,
}: {
  collapsed: boolean;
  pinned: boolean;
  onPin: () => void;
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

  const toItems = (list: ShownMenuItem[], top: boolean): Items =>
    list.map((i) =>
      i.children?.length
        ? {
            key: i.key,
            icon: menuIcon(i.icon, top),
            label: highlight(i.title, query),
            children: toItems(i.children, false),
          }
        : {
            key: i.key,
            icon: menuIcon(i.icon, top),
            label: i.url ? <Link to={i.url}>{highlight(i.title, query)}</Link> : highlight(i.title, query),
          },
    );

  const items: Items = [
    {
      key: 'home',
      icon: <HomeOutlined />,
      label: (
        <Link to="/" data-testid="menu-home">
          {t('common:home')}
        </Link>
      ),
    },
    ...toItems(filtered.items, true),
    { type: 'divider' },
    ...(claims?.super_user_uid
      ? [
          {
            key: 'change-user',
            icon: <SwapOutlined />,
            label: (
              <Link to="/ChangeUser" data-testid="menu-change-user">
                {t('common:changeUser')}
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'sign-out',
      icon: <LogoutOutlined />,
      label: <span data-testid="menu-sign-out">{t('common:signOut')}</span>,
      onClick: () => {
        logout();
        navigate(LOGIN_PATH, { replace: true });
      },
    },
  ];

  const selectedKeys =
    pathname === '/'
      ? ['home']
      : pathname.toLowerCase() === '/changeuser'
        ? ['change-user']
        : selected
          ? [selected.key]
          : [];
  // While searching, the matching groups are open; otherwise the user's choice, starting with the
  // group of the current page.
  const shownOpenKeys = query.trim() ? filtered.openKeys : (openKeys ?? selected?.parents ?? []);

  return (
    <nav
      aria-label={t('common:mainMenu')}
      data-testid="side-menu"
      style={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '16px 12px 8px', color: '#fff' }}>
        {collapsed ? null : (
          <Link
            to="/"
            style={{ color: '#fff', fontWeight: 600, fontSize: 16, flex: 1, whiteSpace: 'nowrap' }}
          >
            {t('common:appName')}
          </Link>
        )}
        <Tooltip title={pinned ? t('common:menu.unpin') : t('common:menu.pin')}>
          <Button
            type="text"
            size="small"
            aria-label={pinned ? t('common:menu.unpin') : t('common:menu.pin')}
            aria-pressed={pinned}
            data-testid="menu-pin"
            onClick={onPin}
            icon={
              pinned ? (
                <PushpinFilled style={{ color: '#fff' }} />
              ) : (
                <PushpinOutlined style={{ color: '#fff' }} />
              )
            }
          />
        </Tooltip>
      </div>
      {collapsed ? null : (
        <div style={{ padding: '4px 12px 8px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('common:menu.search')}
            aria-label={t('common:menu.search')}
            data-testid="menu-search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      )}
      {isError ? (
        <div style={{ color: '#ffccc7', padding: '0 16px' }}>{t('common:menu.loadFailed')}</div>
      ) : null}
      <div style={{ flex: 1, overflowY: 'auto' }}>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selectedKeys}
          openKeys={collapsed ? undefined : shownOpenKeys}
          onOpenChange={(keys) => {
            if (!query.trim()) setOpenKeys(keys);
          }}
        />
      </div>
    </nav>
  );
}
