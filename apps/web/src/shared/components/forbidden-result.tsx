import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../button';
import { Typography } from '../plain/typography';

/** The 403 screen (000 §2.1): "403 Forbidden. You don't have permission to access the record/(path)." */
export function ForbiddenResult({ path }: { path?: string | null }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="403"
      title="403"
      subTitle={<span data-testid="access-declined">{t('accessDeclined.text')}</span>}
      extra={
        <>
          {path ? (
            <Typography.Paragraph type="secondary" data-testid="access-declined-path">
              {path}
            </Typography.Paragraph>
          ) : null}
          <Link to="/">
            <Button type="primary">{t('backHome')}</Button>
          </Link>
        </>
      }
    />
  );
}

export default ForbiddenResult;
