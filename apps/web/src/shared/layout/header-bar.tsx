import {
  CheckOutlined,
  DownOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Language } from '@portal/contracts';
import { SIGNIN_ERROR_TOAST_SECONDS } from '@portal/contracts';
import { App, Button, Dropdown, Flex, Layout, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeUserAndLand, switchProfile, USER_PROFILE_PATH, useSession } from '../auth';
import { profileLabel, profileTypeText } from '../auth/profile-label';
import { errorText } from '../i18n/error-text';
import { setLanguage } from '../i18n/i18n';
import { LANGUAGE_OPTIONS } from '../i18n/language-options';
import { GlobalSearch } from './global-search';
import { NotificationBell } from './notification-bell';
import { SessionCountdown } from './session-countdown';
import { HEADER_HEIGHT } from './sticky';

/**
 * A Change User session (the token's super_user_uid is not its sub): says who acts and who is really
 * signed in, with a way back to the super user's own account.
 */
function ChangeUserBanner() {
  const { t } = useTranslation(['auth', 'msg']);
  const { claims, superUserName } = useSession();
  const { message } = App.useApp();
  const [leaving, setLeaving] = useState(false);
  const superUid = claims?.super_user_uid;
  if (!claims || !superUid || superUid === claims.sub) return null;
  const names = {
    user: `${claims.first_name} ${claims.last_name}`.trim(),
    superUser: superUserName ?? t('auth:changeUser.superUserFallback'),
  };
  const back = async () => {
    setLeaving(true);
    try {
      // A different user again: reload so no screen keeps the acting user's state.
      window.location.assign(await changeUserAndLand(superUid));
    } catch (e) {
      message.error({ content: errorText(t, e), duration: SIGNIN_ERROR_TOAST_SECONDS });
      setLeaving(false);
    }
  };
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="change-user-banner" role="status">
      <Tag color="orange" icon={<SwapOutlined />} style={{ marginInlineEnd: 0, minWidth: 0 }}>
        <Typography.Text ellipsis style={{ maxWidth: 420, color: 'inherit' }}>
          {t('auth:changeUser.acting', names)}
        </Typography.Text>
      </Tag>
      <Button
        size="small"
        icon={<RollbackOutlined />}
        loading={leaving}
        onClick={back}
        data-testid="change-user-back"
      >
        {t('auth:changeUser.back', { superUser: names.superUser })}
      </Button>
    </Flex>
  );
}

/** The top bar (000 §2.2): menu toggle, user and profile, profile switch, countdown, language, bell. */
export function HeaderBar({ menuShown, onToggleMenu }: { menuShown: boolean; onToggleMenu: () => void }) {
  const { t, i18n } = useTranslation(['common', 'auth', 'msg']);
  const { claims, currentProfile, profiles } = useSession();
  const { message } = App.useApp();
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

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 20,
        height: HEADER_HEIGHT,
        padding: '0 16px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      <Button
        type="text"
        icon={menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={menuShown ? t('menu.hide') : t('menu.show')}
        data-testid="menu-toggle"
        onClick={onToggleMenu}
      />
      <ChangeUserBanner />
      {/* The global search needs a chosen profile (its API answers for the profile's functions). */}
      {currentProfile ? <GlobalSearch /> : null}
      <Flex flex={1} justify="flex-end" align="center" gap={16} wrap={false} style={{ minWidth: 0 }}>
        <SessionCountdown />
        <NotificationBell />
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [i18n.language],
            items: LANGUAGE_OPTIONS.map((o) => ({ key: o.value, label: o.label })),
            onClick: ({ key }) => void setLanguage(key as Language),
          }}
        >
          <Button
            type="text"
            icon={<GlobalOutlined />}
            aria-label={t('language')}
            data-testid="header-language"
          />
        </Dropdown>
        <Link
          to={USER_PROFILE_PATH}
          data-testid="header-user"
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          <UserOutlined /> {claims?.first_name} {claims?.last_name}
          {currentProfile ? ` · ${profileTypeText(t, currentProfile)}` : ''}
        </Link>
        {profiles.length > 1 ? (
          <Dropdown
            trigger={['click']}
            disabled={switching}
            menu={{
              selectable: true,
              selectedKeys: currentProfile ? [String(currentProfile.user_profile_id)] : [],
              // The current profile is ticked (and selected), so the list says which one is in use.
              items: profiles.map((p) => {
                const current = p.user_profile_id === currentProfile?.user_profile_id;
                return {
                  key: String(p.user_profile_id),
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
              }),
              onClick: ({ key }) => void onSwitch(Number(key)),
            }}
          >
            <Button data-testid="profile-switch" loading={switching} aria-label={t('auth:switchProfile')}>
              {t('auth:switchProfile')} <DownOutlined />
            </Button>
          </Dropdown>
        ) : null}
      </Flex>
    </Layout.Header>
  );
}
