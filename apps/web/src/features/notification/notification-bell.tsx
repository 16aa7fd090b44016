import { BellOutlined } from '@ant-design/icons';
import type { TAvailableEventCode, TNotificationMessage } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth';
import { NOTIFICATION_KEY, useAvailableEventCodes, useUnreadCount } from './notification-api';
import { notificationSocket } from './notification-socket';

const loadDrawer = () => import('./notification-drawer');
const NotificationDrawer = lazy(loadDrawer);

const isAvailable = (codes: TAvailableEventCode[] | undefined, m: TNotificationMessage) =>
  !!codes?.some((c) => c.module === m.module && c.sub_module === m.sub_module && c.key === m.event_code);

/**
 * The header's bell (000 §2.2, §4 Notifications): the unread count, the notification centre in a drawer,
 * and the real-time side: a ReceiveNotification among the user's available event codes reloads the list and
 * shows a popup; a (re)connection reloads it too, catching up on anything missed meanwhile.
 */
export function NotificationBellWidget() {
  return (
    <Suspense fallback={<Button type="text" shape="circle" icon={<BellOutlined />} disabled />}>
      <Bell />
    </Suspense>
  );
}

function Bell() {
  const { t } = useTranslation('notification');
  const { currentProfile } = useSession();
  const enabled = !!currentProfile;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(enabled);
  const codes = useAvailableEventCodes(enabled);
  const qc = useQueryClient();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const codesRef = useRef(codes.data);
  codesRef.current = codes.data;
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => notificationSocket.start(), []);
  useEffect(
    () =>
      notificationSocket.onConnected(
        () => void qc.invalidateQueries({ queryKey: [NOTIFICATION_KEY, 'messages'] }),
      ),
    [qc],
  );
  useEffect(
    () =>
      notificationSocket.onMessage((m) => {
        if (!isAvailable(codesRef.current, m)) return;
        void qc.invalidateQueries({ queryKey: [NOTIFICATION_KEY, 'messages'] });
        const tt = tRef.current;
        const key = `notification-${m.message_id}`;
        notification.open({
          key,
          placement: 'topRight',
          duration: 8,
          title: <span data-testid="notification-popup">{tt('popupTitle')}</span>,
          description: (
            <Typography.Link
              data-testid="notification-popup-link"
              onClick={() => {
                notification.destroy(key);
                navigate(m.href);
              }}
            >
              {tt(m.desc_key, m.desc_param)}
            </Typography.Link>
          ),
        });
      }),
    [qc, notification, navigate],
  );

  const count = unread.data?.unread_count ?? 0;
  return (
    <>
      <Badge
        count={count}
        size="small"
        overflowCount={99}
        data-testid="notification-count"
        title={String(count)}
      >
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={t('title')}
          data-testid="notification-bell"
          data-count={unread.data ? count : undefined}
          onPointerEnter={loadDrawer}
          onFocus={loadDrawer}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        />
      </Badge>
      {/* Mounted from the first opening on (then kept, so the drawer can animate closed). */}
      {opened && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
