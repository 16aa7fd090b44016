import { ClockCircleOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsLeft, useSessionSnapshot } from '../auth';

/** mm:ss until the token expires (000 §2.2). */
export function SessionCountdown() {
  const { t } = useTranslation('common');
  const { claims } = useSessionSnapshot();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  if (!claims) return null;
  const left = secondsLeft(claims, now);
  return (
    // A native tooltip (title), not antd's: the shell loads no antd (issue 20); the name is the aria-label.
    <span
      title={t('session.expiresIn')}
      data-testid="session-countdown"
      aria-label={t('session.expiresIn')}
      role="timer"
      style={{
        fontVariantNumeric: 'tabular-nums',
        color: left <= 60 ? '#cf1322' : undefined,
        whiteSpace: 'nowrap',
      }}
    >
      <ClockCircleOutlined /> {formatCountdown(left)}
    </span>
  );
}
