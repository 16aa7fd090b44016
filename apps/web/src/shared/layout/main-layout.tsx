import { LeftOutlined, RightOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { MENU_HIDDEN_WIDTH, MENU_WIDTH, TO_TOP_THRESHOLD_PX } from '@portal/contracts';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { readJson, STORAGE_KEYS } from '../auth/storage-keys';
import { PrivacyPolicyLink } from '../components/cookie-consent';
import { PageLoading } from '../components/page-loading';
import { BreadcrumbBar, usePathTitle } from './breadcrumb-bar';
import { useNarrowScreen } from './breakpoints';
import { HeaderBar } from './header-bar';
import { MAIN_CONTENT_ID } from './main-content';
import { MenuDrawer } from './menu-drawer';
import { useMenuPrefs } from './menu-prefs';
import { PageHeadingProvider } from './page-heading';
import { SideMenu } from './side-menu';
import { useSessionTimer } from './use-session-timer';
import './main-layout.css';

const MENU_BG = '#001529';
/** Width of the pinned menu folded to icons (antd Sider's collapsed width). */
const MENU_COLLAPSED_WIDTH = 80;

// System notices (antd Modal and notification) load only when the session has any (issue 20).
const SystemNotices = lazy(() =>
  import('../notices/system-notices').then((m) => ({ default: m.SystemNotices })),
);

const storedAny = (key: string) => {
  const v = readJson<unknown>(key, []);
  return Array.isArray(v) && v.length > 0;
};
const hasStoredNotices = () => storedAny(STORAGE_KEYS.sysNotices) || storedAny(STORAGE_KEYS.sysAlerts);

/** True once the sign-in or a renew stored system notices or alerts (checked as often as SystemNotices ticks). */
function useHasNotices() {
  const [has, setHas] = useState(hasStoredNotices);
  useEffect(() => {
    if (has) return;
    const check = () => setHas(hasStoredNotices());
    const id = window.setInterval(check, 30_000);
    window.addEventListener('storage', check);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('storage', check);
    };
  }, [has]);
  return has;
}

/** The to-top button (000 §2.2), shown once the page has scrolled past the threshold. */
function ToTop({ label }: { label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY >= TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="portal-to-top"
      aria-label={label}
      title={label}
      data-testid="to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <VerticalAlignTopOutlined />
    </button>
  );
}

/**
 * The application shell (000 §2.2): side menu (pinned, or hidden to a 5 px strip that opens on hover),
 * sticky header, breadcrumb, the page, a footer and the to-top button. Below the desktop breakpoint
 * (breakpoints.ts, issue 39) the menu is a drawer over the page that starts closed, whatever the pin says.
 */
export default function MainLayout() {
  const { t } = useTranslation('common');
  const [prefs, setPrefs] = useMenuPrefs();
  const [peek, setPeek] = useState(false);
  const pathTitle = usePathTitle();
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const { pathname } = useLocation();
  useSessionTimer();

  // The drawer closes on any navigation (the browser's back button too) and when the window grows past the
  // breakpoint (the pinned menu takes over).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path and the width are the triggers
  useEffect(() => setDrawerOpen(false), [pathname, narrow]);

  const togglePinned = () => {
    setPrefs((p) => ({ ...p, pinned: !p.pinned }));
    setPeek(false);
  };

  const hasNotices = useHasNotices();
  const menuWidth = prefs.collapsed ? MENU_COLLAPSED_WIDTH : MENU_WIDTH;

  // Plain landmarks (aside, header, main, footer) instead of antd's Layout: the shell loads no antd (issue 20).
  return (
    <div className="portal-shell">
      {narrow ? (
        <MenuDrawer id={drawerId} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      ) : prefs.pinned ? (
        <aside
          className="portal-sider"
          style={{ width: menuWidth, flex: `0 0 ${menuWidth}px`, background: MENU_BG }}
          data-testid="menu-sider"
        >
          <SideMenu
            collapsed={prefs.collapsed}
            pinned
            onPin={togglePinned}
            onExpand={() => setPrefs((p) => ({ ...p, collapsed: false }))}
          />
          <button
            type="button"
            className="portal-sider-trigger"
            aria-label={prefs.collapsed ? t('menu.expand') : t('menu.collapse')}
            aria-expanded={!prefs.collapsed}
            title={prefs.collapsed ? t('menu.expand') : t('menu.collapse')}
            data-testid="menu-collapse"
            onClick={() => setPrefs((p) => ({ ...p, collapsed: !p.collapsed }))}
          >
            {prefs.collapsed ? <RightOutlined /> : <LeftOutlined />}
          </button>
        </aside>
      ) : (
        <aside
          className="portal-sider portal-sider--hidden"
          style={{ width: MENU_HIDDEN_WIDTH, flex: `0 0 ${MENU_HIDDEN_WIDTH}px`, background: MENU_BG }}
          data-testid="menu-sider"
          onMouseEnter={() => setPeek(true)}
          onMouseLeave={() => setPeek(false)}
        >
          {peek ? (
            <div className="portal-sider-peek" style={{ width: MENU_WIDTH, background: MENU_BG }}>
              <SideMenu collapsed={false} pinned={false} onPin={togglePinned} />
            </div>
          ) : null}
        </aside>
      )}
      <div className="portal-shell-body">
        <HeaderBar
          menuShown={narrow ? drawerOpen : prefs.pinned}
          menuControls={narrow ? drawerId : undefined}
          onToggleMenu={narrow ? () => setDrawerOpen((o) => !o) : togglePinned}
        />
        {/* The page's one <main> (pages render no main of their own). */}
        {/* data-path: the route the page shown belongs to (a navigation in a transition keeps the old page a while). */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="portal-main" data-path={pathname}>
          <BreadcrumbBar />
          <PageHeadingProvider fallbackTitle={pathTitle}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </PageHeadingProvider>
        </main>
        <footer className="portal-footer">
          {t('footer', { year: new Date().getFullYear() })} ·{' '}
          <PrivacyPolicyLink testId="footer-privacy-link" />
        </footer>
      </div>
      <ToTop label={t('toTop')} />
      {hasNotices ? (
        <Suspense fallback={null}>
          <SystemNotices />
        </Suspense>
      ) : null}
    </div>
  );
}
