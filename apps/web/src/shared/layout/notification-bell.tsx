import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The header's notification bell (000 §2.2). A placeholder until the notifications module fills it
 * with the unread count and the notification centre.
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
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
