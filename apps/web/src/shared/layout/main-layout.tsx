import { MENU_HIDDEN_WIDTH, MENU_WIDTH, TO_TOP_THRESHOLD_PX } from '@portal/contracts';
import { FloatButton, Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PrivacyPolicyLink } from '../components/cookie-consent';
import { PageLoading } from '../components/page-loading';
import { SystemNotices } from '../notices/system-notices';
import { BreadcrumbBar, usePathTitle } from './breadcrumb-bar';
import { HeaderBar } from './header-bar';
import { MAIN_CONTENT_ID } from './main-content';
import { useMenuPrefs } from './menu-prefs';
import { PageHeadingProvider } from './page-heading';
import { SideMenu } from './side-menu';
import { useSessionTimer } from './use-session-timer';

const MENU_BG = '#001529';

/**
 * The application shell (000 §2.2): side menu (pinned, or hidden to a 5 px strip that opens on hover),
 * sticky header, breadcrumb, the page, a footer and the to-top button.
 */
export default function MainLayout() {
  const { t } = useTranslation('common');
  const [prefs, setPrefs] = useMenuPrefs();
  const [peek, setPeek] = useState(false);
  const pathTitle = usePathTitle();
  useSessionTimer();

  const togglePinned = () => {
    setPrefs((p) => ({ ...p, pinned: !p.pinned }));
    setPeek(false);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {prefs.pinned ? (
        <Layout.Sider
          width={MENU_WIDTH}
          collapsible
          collapsed={prefs.collapsed}
          onCollapse={(collapsed) => setPrefs((p) => ({ ...p, collapsed }))}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden', background: MENU_BG }}
          data-testid="menu-sider"
        >
          <SideMenu collapsed={prefs.collapsed} pinned onPin={togglePinned} />
        </Layout.Sider>
      ) : (
        <Layout.Sider
          width={MENU_HIDDEN_WIDTH}
          style={{ position: 'sticky', top: 0, height: '100vh', background: MENU_BG, zIndex: 30 }}
          data-testid="menu-sider"
          onMouseEnter={() => setPeek(true)}
          onMouseLeave={() => setPeek(false)}
        >
          {peek ? (
            <div
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: MENU_WIDTH,
                height: '100vh',
                background: MENU_BG,
                boxShadow: '4px 0 16px rgba(0,0,0,0.25)',
              }}
            >
              <SideMenu collapsed={false} pinned={false} onPin={togglePinned} />
            </div>
          ) : null}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <HeaderBar menuShown={prefs.pinned} onToggleMenu={togglePinned} />
        {/* antd's Content is the page's one <main> (pages render no main of their own). */}
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: 16 }}>
          <BreadcrumbBar />
          <PageHeadingProvider fallbackTitle={pathTitle}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </PageHeadingProvider>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '12px 16px' }}>
          {t('footer', { year: new Date().getFullYear() })} ·{' '}
          <PrivacyPolicyLink testId="footer-privacy-link" />
        </Layout.Footer>
      </Layout>
      <FloatButton.BackTop
        visibilityHeight={TO_TOP_THRESHOLD_PX}
        aria-label={t('toTop')}
        data-testid="to-top"
      />
      <SystemNotices />
    </Layout>
  );
}
