import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title (WCAG 2.4.2): "<page> · <app name>" in the current language. */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const app = t('appName');
  useEffect(() => {
    document.title = title && title !== app ? `${title} · ${app}` : app;
  }, [title, app]);
}
