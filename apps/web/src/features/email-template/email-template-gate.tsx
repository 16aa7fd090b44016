import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEmailTemplateFeature } from './email-template-api';

/**
 * Shows the screen only when FEATURE_EMAIL_TEMPLATES is on; otherwise the same Page Not Found as an unknown
 * path (000 §2.3: the routes are enabled only by a feature flag).
 */
export function EmailTemplateGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const feature = useEmailTemplateFeature();
  if (feature.isLoading) return <Spin />;
  if (feature.data?.enabled) return children;
  return (
    <Result
      status="404"
      title="404"
      subTitle={<span data-testid="page-not-found">{t('notFound.text')}</span>}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}
