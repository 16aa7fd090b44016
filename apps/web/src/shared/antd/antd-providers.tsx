import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import i18n from '../i18n/i18n';
import { applyDayjsLocale, loadUiLocale, uiLocalePromise } from './antd-locale';
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

/** Suspends until antd's locale for the current language is loaded (dayjs switched with it). */
function LoadedLocale({ children }: { children: (locale: Locale) => ReactNode }) {
  const locale = use(uiLocalePromise(i18n.language));
  return children(locale);
}

/**
 * antd's theme (AA contrast) and locale for the screens built
 * with antd. A chunk of its own, loaded by `WithAntd`: /login and the first paint do not wait for antd
 * (issue 20). `locale` is for tests, which pass one instead of loading it.
 */
export default function AntdProviders({ children, locale }: { children: ReactNode; locale?: Locale }) {
  if (locale) return <Inner locale={locale}>{children}</Inner>;
  return <LoadedLocale>{(l) => <Inner locale={l}>{children}</Inner>}</LoadedLocale>;
}

function Inner({ locale, children }: { locale: Locale; children: ReactNode }) {
  // A screen mounted after a language change (made on /login, without antd) formats dates in that language.
  applyDayjsLocale(i18n.language);
  return <LocaleProvider initial={locale}>{children}</LocaleProvider>;
}
