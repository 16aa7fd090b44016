import type { ANALYTICS_PAGES, TAnalyticsPageName } from '@portal/contracts';
import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** The part that builds a page (`shipment`, `gp`, `carrier`, `co2e`, `ops`; contracts' ANALYTICS_PAGES). */
export type AnalyticsSource = (typeof ANALYTICS_PAGES)[TAnalyticsPageName]['source'];

/** The source of the page being shown, for the frame's parts below the page. */
export const AnalyticsSourceContext = createContext<AnalyticsSource>('shipment');

/**
 * The frame's own namespace and the page's source's (each source's helper owns its file,
 * locales/<lang>/analytics-<source>.json; a source's answers carry only its own keys). Only these two load with a
 * page (issue 20: all six were 6.5 KB on every analytics screen); a missing file loads as empty.
 */
export const analyticsNamespaces = (source: AnalyticsSource) => ['analytics', `analytics-${source}`];

/**
 * `t` of the frame plus `label(key)` for the keys a result carries: namespaced keys
 * ("analytics-co2e:kpi.totalCo2e") as they are, bare keys in the frame's `analytics` namespace. A key with no
 * translation shows as itself (the page still works while a source's translations are missing).
 */
export function useAnalyticsT({ root = false, source }: { root?: boolean; source?: AnalyticsSource } = {}) {
  const shown = useContext(AnalyticsSourceContext);
  const namespaces = analyticsNamespaces(source ?? shown);
  // Only the page itself waits (suspends) for the namespaces, and with them `list` (the export button's): the
  // parts below render with what is loaded and never suspend again, so a late namespace event cannot hide the
  // figures behind the layout's loading fallback.
  const { t, i18n } = useTranslation(root ? [...namespaces, 'list'] : namespaces, {
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
