import {
  DownOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Language } from '@portal/contracts';
import { SIGNIN_ERROR_TOAST_SECONDS } from '@portal/contracts';
import { App, Button, Dropdown, Flex, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { switchProfile, USER_PROFILE_PATH, useSession } from '../auth';
import { profileLabel, profileTypeText } from '../auth/profile-label';
import { errorText } from '../i18n/error-text';
import { setLanguage } from '../i18n/i18n';
import { LANGUAGE_OPTIONS } from '../i18n/language-options';
import { NotificationBell } from './notification-bell';
import { SessionCountdown } from './session-countdown';
import { HEADER_HEIGHT } from './sticky';

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
              items: profiles.map((p) => ({
                key: String(p.user_profile_id),
                label: <span data-testid={`profile-switch-${p.user_profile_id}`}>{profileLabel(t, p)}</span>,
              })),
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
