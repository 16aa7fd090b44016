import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../shared/button';

/** Any unknown path (000 §2.1). */
export default function NotFoundPage() {
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
