import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

let registered: ComponentType | null = null;

/**
 * The notifications feature puts its bell here (app/feature-routes.ts), so the shell never imports a
 * feature; without one the header shows an empty bell.
 */
export function registerNotificationBell(component: ComponentType) {
  registered = component;
}

/** The header's notification bell (000 §2.2): the notifications feature's widget when registered. */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const Registered = registered;
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
