import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WithAntd } from '../shared/antd/with-antd';

/** Said when even the error page's code cannot be loaded (its chunk gone after a new deploy): reload. */
function ReloadOnly() {
  const { t } = useTranslation('common');
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <p>{t('routeError.title')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </div>
  );
}

// Loaded when a page fails, not with the app: antd's Result and its illustrations are kept out of the first
// screen's JavaScript (issue 20).
const RouteErrorPage = lazy(() =>
  import('../features/errors/route-error-page').catch(() => ({ default: ReloadOnly })),
);

/** The router's errorElement: the route error page, loaded on demand. */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <WithAntd fallback={null}>
        <RouteErrorPage />
      </WithAntd>
    </Suspense>
  );
}
