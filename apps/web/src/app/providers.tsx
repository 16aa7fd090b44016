import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { PageLoading } from '../shared/components/page-loading';
import { usePrefersReducedMotion } from '../shared/hooks/use-prefers-reduced-motion';
import i18n from '../shared/i18n/i18n';
import { loadUiLocale } from './antd-locale';
import { queryClient } from './query-client';
import { portalTheme } from './theme';

/**
 * antd's locale follows the i18n language (and dayjs with it); its animations stop when the browser
 * prefers reduced motion (dialogs, drawers, dropdowns and messages then open and close at once).
 */
function LocaleProvider({ initial, children }: { initial: Locale; children: ReactNode }) {
  const [locale, setLocale] = useState(initial);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => portalTheme(!reducedMotion), [reducedMotion]);
  useEffect(() => {
    let latest = '';
    const onChange = (lng: string) => {
      latest = lng;
      document.documentElement.lang = lng;
      loadUiLocale(lng).then((l) => {
        if (latest === lng) setLocale(l);
      });
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** Everything the screens rely on: server-state cache, antd config and locale, antd App (message etc.). */
export function AppProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider initial={locale}>
        <AntApp>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </AntApp>
      </LocaleProvider>
    </QueryClientProvider>
  );
}
