import { useTranslation } from 'react-i18next';
import '../plain/plain.css';

/** The placeholder while a page's code or translations load (no antd: it shows before antd is loaded). */
export function PageLoading() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      style={{ display: 'flex', justifyContent: 'center', padding: 48 }}
      data-testid="page-loading"
      role="status"
      aria-label={ready ? t('loading') : 'Loading'}
    >
      <span className="plain-spinner" />
    </div>
  );
}
