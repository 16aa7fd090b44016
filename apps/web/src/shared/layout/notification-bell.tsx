import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { registeredNotificationBell } from './notification-bell-slot';

/**
 * The header's notification bell (000 §2.2): the notifications feature's widget when registered
 * (notification-bell-slot.ts), else a bell that says there is nothing (no antd Popover in the shell: issue 20).
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const Registered = registeredNotificationBell();
  if (Registered) return <Registered />;
  return (
    <span
      role="img"
      aria-label={`${t('notifications.title')}: ${t('notifications.empty')}`}
      title={t('notifications.empty')}
      data-testid="notification-bell"
    >
      <BellOutlined />
    </span>
  );
}
