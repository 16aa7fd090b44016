import type { TSysNotice } from '@portal/contracts';
import { Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson, STORAGE_KEYS } from '../auth/storage-keys';
import { useApp } from '../feedback';
import { Typography } from '../plain/typography';
import { alertsToShow, renderNoticeBody } from './notice-time';

/** How often the alert window and {{REMAIN}} are re-evaluated. */
const TICK_MS = 30_000;
/** Alerts closed stay closed until sign-out (a portal.* key: logout clears it). */
const DISMISSED_KEY = 'portal.sysAlertsDismissed';
/** NOTICE popups opened in this tab (once per notice after sign-in, not on every page). */
const shownNotices = new Set<string>();

const readDismissed = () => new Set(readJson<string[]>(DISMISSED_KEY, []));

/** Reads a notice list stored by the session store; anything unreadable is an empty list. */
function storedList(key: string): TSysNotice[] {
  const v = readJson<unknown>(key, []);
  return Array.isArray(v) ? (v as TSysNotice[]) : [];
}

/**
 * System notices in the shell (000 §4): every ALERT valid now (UTC+8 window, see notice-time.ts) as a
 * modal; every NOTICE as a bottom-right popup after sign-in that stays until closed (duration 0).
 * `{{REMAIN}}` shows the minutes left. The lists come from the sign-in and renew answers in localStorage.
 */
export function SystemNotices() {
  const { t } = useTranslation('sysNotice');
  const { notification } = useApp();
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(readDismissed);

  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.sysAlerts || e.key === STORAGE_KEYS.sysNotices) setNow(Date.now());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    const t0 = Date.now();
    for (const n of storedList(STORAGE_KEYS.sysNotices)) {
      if (n.notice_type !== 'NOTICE' || shownNotices.has(n.uid)) continue;
      shownNotices.add(n.uid);
      notification.info({
        key: `sys-notice-${n.uid}`,
        title: n.notice_title,
        description: <span data-testid="sys-notice-body">{renderNoticeBody(n, t0)}</span>,
        placement: 'bottomRight',
        duration: 0,
        props: { 'data-testid': 'sys-notice-popup' },
      });
    }
  }, [notification]);

  const alerts = useMemo(
    () => alertsToShow(storedList(STORAGE_KEYS.sysAlerts), now, dismissed),
    [now, dismissed],
  );
  if (!alerts.length) return null;

  const close = () => {
    const next = new Set([...dismissed, ...alerts.map((a) => a.uid)]);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify([...next]));
    setDismissed(next);
  };
  return (
    <Modal
      open
      title={t('alertTitle')}
      onCancel={close}
      onOk={close}
      okText={t('close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="sys-alert-modal"
    >
      {alerts.map((a) => (
        <div key={a.uid} data-testid={`sys-alert-${a.uid}`}>
          <Typography.Title level={5}>{a.notice_title}</Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {renderNoticeBody(a, now)}
          </Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}
