import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { registeredNotificationBell } from './notification-bell-slot';

/**
 * The header's notification bell (000 §2.2): the notifications feature's widget when registered
 * (notification-bell-slot.ts), else an empty bell.
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const Registered = registeredNotificationBell();
  if (Registered) return <Registered />;
  return (
    <Popover content={t('notifications.empty')} trigger="click" placement="bottomRight">
      <Badge count={0} size="small">
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={t('notifications.title')}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
}
