import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { usePageViewRecorder } from '../features/operation-alert';
import { CookieConsent } from '../shared/components/cookie-consent';
import { PageLoading } from '../shared/components/page-loading';
import { FeedbackOutlet } from '../shared/feedback/feedback-outlet';
import { SkipLink } from '../shared/layout/skip-link';
import { UpdatePrompt } from '../shared/update/update-prompt';
import { ApiErrorBridge } from './api-error-bridge';

/**
 * Wraps every page, public or not: API error handling, the refresh prompt of a new build (000 §2.2) and
 * the cookie-consent banner (000 §1), which sits above the page in the normal flow so it never covers the
 * page's controls (pagination, the menu's foot). The skip link comes first so it is the first tab stop.
 */
export function RootLayout() {
  // Screen usage for the usage analytics pages (route patterns only; features/operation-alert).
  usePageViewRecorder();
  return (
    <>
      <SkipLink />
      <ApiErrorBridge />
      <CookieConsent />
      <UpdatePrompt />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <FeedbackOutlet />
    </>
  );
}
