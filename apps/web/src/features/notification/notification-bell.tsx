import { BellOutlined } from '@ant-design/icons';
import type { TAvailableEventCode, TNotificationMessage } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth';
import { useApp } from '../../shared/feedback';
import { PlainLinkButton } from '../../shared/plain/plain-button';
import './notification-bell.css';
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
    <Suspense
      fallback={
        <button type="button" className="notification-bell" disabled aria-hidden>
          <BellOutlined />
        </button>
      }
    >
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
  const { notification } = useApp();
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
          // Bottom right on a desktop, under the header on a phone: never over the user menu (issue 39).
          placement: 'bottomRight',
          duration: 8,
          title: <span data-testid="notification-popup">{tt('popupTitle')}</span>,
          description: (
            <PlainLinkButton
              data-testid="notification-popup-link"
              onClick={() => {
                notification.destroy(key);
                navigate(m.href);
              }}
            >
              {tt(m.desc_key, m.desc_param)}
            </PlainLinkButton>
          ),
        });
      }),
    [qc, notification, navigate],
  );

  const count = unread.data?.unread_count ?? 0;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      {/* A native button with its count (no antd Badge/Button in every screen's header: issue 20). */}
      <button
        type="button"
        className="notification-bell"
        data-testid="notification-bell"
        data-count={unread.data ? count : undefined}
        onPointerEnter={loadDrawer}
        onFocus={loadDrawer}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <BellOutlined />
        {/* The name is this text plus the visible count (WCAG 2.5.3: the visible count is part of the name). */}
        <span className="portal-visually-hidden">{t('title')} </span>
        {count > 0 ? (
          <span className="notification-count" data-testid="notification-count" title={String(count)}>
            {shown}
          </span>
        ) : null}
      </button>
      {/* Mounted from the first opening on (then kept, so the drawer can animate closed). */}
      {opened && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
