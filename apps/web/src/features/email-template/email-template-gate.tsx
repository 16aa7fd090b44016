import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '../../shared/components/page-loading';
import { useEmailTemplateFeature } from './email-template-api';

// The Page Not Found (antd Result) loads only when the feature is off (issue 20: not on the list's first load).
const EmailTemplateOff = lazy(() => import('./email-template-off'));

/**
 * Shows the screen only when FEATURE_EMAIL_TEMPLATES is on; otherwise the same Page Not Found as an unknown
 * path (000 §2.3: the routes are enabled only by a feature flag).
 */
export function EmailTemplateGate({ children }: { children: ReactNode }) {
  const feature = useEmailTemplateFeature();
  if (feature.isLoading) return <PageLoading />;
  if (feature.data?.enabled) return children;
  return (
    <Suspense fallback={<PageLoading />}>
      <EmailTemplateOff />
    </Suspense>
  );
}
