import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame's own namespace and the five sources' namespaces (each source's helper owns its file,
 * locales/<lang>/analytics-<source>.json). All load with the page; a missing file loads as empty.
 */
export const ANALYTICS_NAMESPACES = [
  'analytics',
  'analytics-shipment',
  'analytics-gp',
  'analytics-carrier',
  'analytics-co2e',
  'analytics-ops',
] as const;

/**
 * `t` of the frame plus `label(key)` for the keys a result carries: namespaced keys
 * ("analytics-co2e:kpi.totalCo2e") as they are, bare keys in the frame's `analytics` namespace. A key with no
 * translation shows as itself (the page still works while a source's translations are missing).
 */
export function useAnalyticsT({ root = false }: { root?: boolean } = {}) {
  // Only the page itself waits (suspends) for the namespaces, and with them `list` (the export button's): the
  // parts below render with what is loaded and never suspend again, so a late namespace event cannot hide the
  // figures behind the layout's loading fallback.
  const { t, i18n } = useTranslation(root ? [...ANALYTICS_NAMESPACES, 'list'] : [...ANALYTICS_NAMESPACES], {
    useSuspense: root,
  });
  const label = useCallback(
    (key: string | null | undefined) =>
      key
        ? key.includes(':')
          ? t(key, { defaultValue: key })
          : t(key, { ns: 'analytics', defaultValue: key })
        : '',
    [t],
  );
  return { t, i18n, label, lang: i18n.language };
}
