import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../shared/button';
import { routeErrorDetail } from './route-error-detail';

/**
 * What a page that failed to render or load shows. A chunk missing after a new deploy is the usual
 * cause, so the action is a reload.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const detail = routeErrorDetail(error);
  return (
    <Result
      status="error"
      title={t('routeError.title')}
      subTitle={<span data-testid="route-error">{detail}</span>}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
