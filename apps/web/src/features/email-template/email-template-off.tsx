import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The Page Not Found shown while FEATURE_EMAIL_TEMPLATES is off (the same as an unknown path). */
export default function EmailTemplateOff() {
  const { t } = useTranslation('common');
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
