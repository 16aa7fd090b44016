import { GlobalOutlined } from '@ant-design/icons';
import { DATETIME_MINUTE_FORMAT, MSG, NO_RECORD_TOAST_SECONDS } from '@portal/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { signalOtherTabs, useOtherTabSignal } from '../../shared/cross-tab/cross-tab';
import { useApp } from '../../shared/feedback';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { PlainButton } from '../../shared/plain/plain-button';
import { Typography } from '../../shared/plain/typography';
import './booking-approval.css';

/** POST /Auth/GetCargosphereAccessToken (000 §7): the server's per-user cached platform token. */
export interface CargoPlatformToken {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  expires_in: number;
  platform_url: string;
}

export const fetchCargoPlatformToken = () =>
  api.post<CargoPlatformToken>('/Auth/GetCargosphereAccessToken', {});

/** Where the browser opens the platform: its landing page with the token. */
export function cargoPlatformUrl(t: Pick<CargoPlatformToken, 'platform_url' | 'access_token'>): string {
  const url = new URL(t.platform_url);
  url.searchParams.set('access_token', t.access_token);
  return url.toString();
}

/**
 * "Cargo platform" on the rate comparison screen: gets the cargo platform token for the signed-in user and
 * opens the platform (the rate and schedule marketplace) in a new tab. Failures (not configured, platform
 * down or refusing) show as translated notices. Every tab of this browser shows until when the platform
 * access lasts: a tab that gets a token tells the others (000 §4 "cargo-platform access token" flag).
 */
export function CargoPlatformAction() {
  const { t } = useTranslation(['booking-approval', 'msg']);
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  useOtherTabSignal('cargoToken', (flag) => {
    if (flag.expires_at) setExpiresAt(flag.expires_at);
  });

  const open = async () => {
    // Opened now, while the click still counts as the user's, so the browser does not block it.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const token = await fetchCargoPlatformToken();
      setExpiresAt(token.expires_at);
      signalOtherTabs('cargoToken', { expires_at: token.expires_at });
      const url = cargoPlatformUrl(token);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (e) {
      tab?.close();
      message.error({
        content: errorText(t, e) || (msgText(t, MSG.cargoPlatformUnavailable) ?? ''),
        duration: NO_RECORD_TOAST_SECONDS,
        key: 'cargo-platform',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="approval-row">
      <PlainButton loading={busy} onClick={open} title={t('cargo.hint')} data-testid="cargo-platform-open">
        {busy ? null : <GlobalOutlined aria-hidden />}
        {t('cargo.open')}
      </PlainButton>
      {expiresAt && (
        <Typography.Text type="secondary" data-testid="cargo-platform-until">
          {t('cargo.until', { time: dayjs(expiresAt).format(DATETIME_MINUTE_FORMAT) })}
        </Typography.Text>
      )}
    </span>
  );
}
