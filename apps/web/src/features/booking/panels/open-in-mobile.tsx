import { MobileOutlined } from '@ant-design/icons';
import { BOOKING_MSG, NO_RECORD_TOAST_SECONDS } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { msgTextOf } from '../../../shared/form/zod-rule';
import { msgText } from '../../../shared/i18n/error-text';
import { addMobileToken, checkSoInMobile, mobileSiteUrl } from '../booking-extras-api';
import type { BookingTabProps } from '../booking-tab-props';

/** A failed hand-off step: the message key to show when the server did not name one. */
class HandOffError extends Error {
  constructor(
    readonly msgKey: string,
    readonly failure?: unknown,
  ) {
    super(msgKey);
  }
}

const step = async <T,>(run: () => Promise<T>, msgKey: string): Promise<T> => {
  try {
    return await run();
  } catch (e) {
    throw new HandOffError(msgKey, e);
  }
};

/** The mobile site's address with the SO, token and row number (000 §7). */
export function mobileHandOffUrl(site: string, soNo: string, token: string, rowNo = 1): string {
  const url = new URL(site);
  url.searchParams.set('soNo', soNo);
  url.searchParams.set('token', token);
  url.searchParams.set('row_no', String(rowNo));
  return url.toString();
}

/**
 * Open in mobile (000 §7–§8): finds the mobile site, checks the SO exists there, gets a one-time token
 * for the signed-in user and opens the site in a new tab. Each failure shows its message for 10 s.
 */
export function OpenInMobileButton({ booking }: BookingTabProps) {
  const { t } = useTranslation('booking-extra');
  const { message } = useApp();
  const { claims } = useSession();
  const [busy, setBusy] = useState(false);
  if (!booking) return null;

  const fail = (msgKey: string, cause?: unknown) => {
    const server = cause instanceof ApiError ? msgText(t, cause.body?.msgKey, cause.body?.params) : null;
    void (server ? Promise.resolve(server) : msgTextOf(msgKey)).then((content) =>
      message.error({ content, duration: NO_RECORD_TOAST_SECONDS, key: 'mobile-hand-off' }),
    );
  };

  const open = async () => {
    const userUid = claims?.sub;
    if (!userUid) return fail(BOOKING_MSG.mobileInvalidUser);
    // Opened now, while the click still counts as the user's, so the browser does not block it.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const site = await step(mobileSiteUrl, BOOKING_MSG.mobileSiteNotFound);
      if (!site) throw new HandOffError(BOOKING_MSG.mobileSiteNotFound);
      const found = await step(() => checkSoInMobile(booking.so_no), BOOKING_MSG.mobileSoNotFound);
      const token = await step(() => addMobileToken(userUid), BOOKING_MSG.mobileAddTokenFail);
      if (!token) throw new HandOffError(BOOKING_MSG.mobileAddTokenFail);
      const url = mobileHandOffUrl(site, found?.master_so_no || booking.so_no, token);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (e) {
      tab?.close();
      if (e instanceof HandOffError) fail(e.msgKey, e.failure);
      else fail(BOOKING_MSG.mobileSiteNotFound, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<MobileOutlined />} loading={busy} onClick={open} data-testid="open-in-mobile">
      {t('mobile.open')}
    </Button>
  );
}
