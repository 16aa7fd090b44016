import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotificationCentre } from './notification-centre';

/**
 * The notification centre in its drawer, loaded when the bell is first pressed: the list, its paging and the
 * drawer are not needed for the header's count on every screen (issue 20: route weight).
 */
export default function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('notification');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('title')}
      size={460}
      destroyOnHidden
      data-testid="notification-centre"
    >
      <NotificationCentre onLeave={onClose} />
    </Drawer>
  );
}
