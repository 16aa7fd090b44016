import {
  CheckOutlined,
  DownOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Language } from '@portal/contracts';
import { SIGNIN_ERROR_TOAST_SECONDS } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LOGIN_PATH, logout, switchProfile, USER_PROFILE_PATH, useSession } from '../auth';
import { profileLabel, profileTypeText } from '../auth/profile-label';
import { useApp } from '../feedback';
import { errorText } from '../i18n/error-text';
import { setLanguage } from '../i18n/i18n';
import { LANGUAGE_OPTIONS } from '../i18n/language-options';
import { MenuButton, type MenuButtonItem } from '../plain/menu-button';
import { useNarrowScreen, usePhoneScreen } from './breakpoints';
import { GlobalSearch } from './global-search';
import { HeaderSearch } from './header-search';
import { NotificationBell } from './notification-bell';
import { SessionCountdown } from './session-countdown';
import { HEADER_HEIGHT } from './sticky';

// Only a Change User session shows the banner: its antd pieces load then (issue 20: the shell has no antd).
const ChangeUserBanner = lazy(() =>
  import('./change-user-banner').then((m) => ({ default: m.ChangeUserBanner })),
);

/**
 * The top bar (000 §2.2): menu toggle, user and profile, profile switch, countdown, language, bell. On a phone
 * (breakpoints.ts, issue 39) it folds so everything stays reachable in 390 px: the search is an icon that opens
 * the box across the header, and the user, profile switch and sign-out are one user menu; the countdown, bell
 * and language stay. `menuControls` is the drawer's id when the menu is a drawer (below the desktop breakpoint).
 */
export function HeaderBar({
  menuShown,
  onToggleMenu,
  menuControls,
}: {
  menuShown: boolean;
  onToggleMenu: () => void;
  menuControls?: string;
}) {
  const { t, i18n } = useTranslation(['common', 'auth']);
  const { claims, currentProfile, profiles } = useSession();
  const { message } = useApp();
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const phone = usePhoneScreen();
  const [switching, setSwitching] = useState(false);

  const onSwitch = async (id: number) => {
    if (id === currentProfile?.user_profile_id) return;
    setSwitching(true);
    try {
      await switchProfile(id);
    } catch (e) {
      message.error({ content: errorText(t, e), duration: SIGNIN_ERROR_TOAST_SECONDS });
      setSwitching(false);
    }
  };

  const superUid = claims?.super_user_uid;
  const changeUser =
    superUid && superUid !== claims?.sub ? (
      <Suspense fallback={null}>
        <ChangeUserBanner />
      </Suspense>
    ) : null;
  const userText = `${claims?.first_name ?? ''} ${claims?.last_name ?? ''}${currentProfile ? ` · ${profileTypeText(t, currentProfile)}` : ''}`;
  const profileItems: MenuButtonItem[] = profiles.map((p) => {
    const current = p.user_profile_id === currentProfile?.user_profile_id;
    return {
      key: String(p.user_profile_id),
      current,
      icon: (
        <CheckOutlined
          aria-label={current ? t('auth:currentProfile') : undefined}
          style={{ visibility: current ? 'visible' : 'hidden' }}
        />
      ),
      label: (
        <span
          data-testid={`profile-switch-${p.user_profile_id}`}
          data-current={current || undefined}
          aria-current={current || undefined}
        >
          {profileLabel(t, p)}
        </span>
      ),
    };
  });

  // The header's controls are native buttons and menu buttons (shared/plain): no antd in the shell (issue 20).
  return (
    <>
      <header
        className={`portal-header${phone ? ' portal-header--phone' : ''}`}
        style={{ height: HEADER_HEIGHT }}
      >
        <button
          type="button"
          className="plain-button plain-button--text"
          aria-label={menuShown ? t('menu.hide') : t('menu.show')}
          aria-expanded={menuShown}
          aria-controls={menuControls && menuShown ? menuControls : undefined}
          data-testid="menu-toggle"
          onClick={onToggleMenu}
        >
          {narrow ? <MenuOutlined /> : menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        </button>
        {phone ? null : changeUser}
        {/* The global search needs a chosen profile (its API answers for the profile's functions). */}
        {currentProfile ? phone ? <HeaderSearch /> : <GlobalSearch /> : null}
        <div className="portal-header-end">
          <SessionCountdown />
          <NotificationBell />
          <MenuButton
            label={<GlobalOutlined />}
            aria-label={t('language')}
            data-testid="header-language"
            items={LANGUAGE_OPTIONS.map((o) => ({
              key: o.value,
              label: o.label,
              current: o.value === i18n.language,
            }))}
            onSelect={(key) => void setLanguage(key as Language)}
          />
          {phone ? (
            // One menu for the user: the profile page, the other profiles and sign-out.
            <MenuButton
              data-testid="header-user-menu"
              aria-label={`${t('userMenu')}: ${userText}`}
              disabled={switching}
              label={
                <>
                  {switching ? <span className="plain-spinner" aria-hidden="true" /> : <UserOutlined />}{' '}
                  <DownOutlined style={{ fontSize: 10 }} />
                </>
              }
              items={[
                {
                  key: '#profile',
                  icon: <UserOutlined />,
                  label: userText,
                  'data-testid': 'header-user',
                },
                ...(profiles.length > 1 ? profileItems : []),
                {
                  key: '#sign-out',
                  icon: <LogoutOutlined />,
                  label: t('signOut'),
                  'data-testid': 'header-sign-out',
                },
              ]}
              onSelect={(key) => {
                if (key === '#profile') navigate(USER_PROFILE_PATH);
                else if (key === '#sign-out') {
                  logout();
                  navigate(LOGIN_PATH, { replace: true });
                } else void onSwitch(Number(key));
              }}
            />
          ) : (
            <>
              <Link
                to={USER_PROFILE_PATH}
                data-testid="header-user"
                style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                <UserOutlined /> {claims?.first_name} {claims?.last_name}
                {currentProfile ? ` · ${profileTypeText(t, currentProfile)}` : ''}
              </Link>
              {profiles.length > 1 ? (
                <MenuButton
                  className="plain-button"
                  data-testid="profile-switch"
                  aria-label={t('auth:switchProfile')}
                  disabled={switching}
                  label={
                    <>
                      {switching ? <span className="plain-spinner" aria-hidden="true" /> : null}
                      {t('auth:switchProfile')} <DownOutlined />
                    </>
                  }
                  // The current profile is ticked (and aria-current), so the list says which one is in use.
                  items={profileItems}
                  onSelect={(key) => void onSwitch(Number(key))}
                />
              ) : null}
            </>
          )}
        </div>
      </header>
      {/* On a phone the Change User banner is a strip under the header (it needs a line of its own). */}
      {phone && changeUser ? <div className="portal-header-strip">{changeUser}</div> : null}
    </>
  );
}
