import { ANALYTICS_PAGE_NAMES, ANALYTICS_PAGES, type TAnalyticsPageName } from '@portal/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { ExportButton } from '../../shared/list/export-button';
import { PlainCard } from '../../shared/plain/plain-card';
import { useAnalyticsOptions, useAnalyticsPage } from './analytics-api';
import type { OpenDrill } from './analytics-documents-drawer';
import { AnalyticsTable, ChartGrid, type DrillHandler, KpiCards } from './analytics-figures';
import { AnalyticsFilterBar } from './analytics-filter-bar';
import { applyPatch, filterQuery, readUrlState } from './analytics-filters';
import { AnalyticsSourceContext, useAnalyticsT } from './analytics-i18n';
import './analytics.css';

// The documents drawer (antd's Drawer) loads on the first figure opened, not with the page (issue 20).
const DocumentsDrawer = lazy(() =>
  import('./analytics-documents-drawer').then((m) => ({ default: m.DocumentsDrawer })),
);

/** The page named by the route (/BMS/CarrierMQC → CarrierMQC). */
function usePageName(): TAnalyticsPageName {
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return (ANALYTICS_PAGE_NAMES as string[]).includes(last) ? (last as TAnalyticsPageName) : 'ShipmentReport';
}

/**
 * Every analytics page (issue 17, 002 §2 Analytics routes; docs/analytics.md): the filter bar, KPI cards, one
 * to three charts and the table of GET /Analytics/{page}, the documents behind any figure in a drawer, and the
 * table's Excel export. What a page shows is the server's: this frame draws any ZAnalyticsResult.
 */
export default function AnalyticsPage() {
  const name = usePageName();
  const source = ANALYTICS_PAGES[name].source;
  const { t, label, lang } = useAnalyticsT({ root: true, source });
  const [params, setParams] = useSearchParams();
  // Recomputed when the URL changes; a preset's days are taken from today's date.
  const { filters, preset } = useMemo(() => readUrlState(params), [params]);
  const q = useAnalyticsPage(name, filters);
  const options = useAnalyticsOptions();
  const [drill, setDrill] = useState<OpenDrill | null>(null);
  // Kept once opened, so the drawer closes with its focus return instead of vanishing.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const onDrill: DrillHandler = (d, what) => {
    setDrawerUsed(true);
    setDrill({ drill: d, what });
  };
  const r = q.data;
  const title = t(`page.${name}.title`);
  return (
    <AnalyticsSourceContext.Provider value={source}>
      <div className="analytics-page" data-testid={`analytics-page-${name}`}>
        <PageHeading>{title}</PageHeading>
        <span className="plain-secondary">{t(`page.${name}.about`)}</span>
        <AnalyticsFilterBar
          value={filters}
          preset={preset}
          options={options.data}
          optionsLoading={options.isPending}
          onChange={(patch) => setParams((prev) => applyPatch(prev, patch))}
        />
        <div className="analytics-progress">
          {q.isFetching && (
            <div
              className="plain-progress"
              role="progressbar"
              aria-label={t('loading')}
              data-testid="analytics-loading"
            />
          )}
        </div>
        {q.error && (
          <div className="plain-alert plain-alert--error" role="alert" data-testid="analytics-error">
            {errorText(t, q.error)}
          </div>
        )}
        <div aria-busy={q.isFetching} className={q.isPlaceholderData ? 'analytics-stale' : undefined}>
          {r && (
            <div className="analytics-page">
              <span className="plain-secondary" data-testid="analytics-period">
                {t('periodNote', { from: filters.from, to: filters.to, basis: label(r.periodBasisKey) })}
              </span>
              <KpiCards kpis={r.kpis} onDrill={onDrill} />
              <ChartGrid charts={r.charts} onDrill={onDrill} />
              <PlainCard
                title={t('tableTitle')}
                extra={<ExportButton path={`/Analytics/${name}/export`} query={filterQuery(filters)} />}
              >
                <AnalyticsTable table={r.table} loading={false} onDrill={onDrill} />
                {r.table.truncated && (
                  <p className="plain-secondary" style={{ marginTop: 8 }} data-testid="analytics-truncated">
                    {t('truncated', { count: r.table.rows.length })}
                  </p>
                )}
                {r.noteKeys.length > 0 && (
                  <ul className="analytics-notes" data-testid="analytics-notes">
                    {r.noteKeys.map((k) => (
                      <li key={k}>{label(k)}</li>
                    ))}
                  </ul>
                )}
                <span className="plain-secondary" style={{ fontSize: 12 }}>
                  {t('generatedAt', { at: new Date(r.generatedAt).toLocaleString(lang) })}
                </span>
              </PlainCard>
            </div>
          )}
        </div>
        {drawerUsed && (
          <Suspense fallback={null}>
            <DocumentsDrawer page={name} filters={filters} open={drill} onClose={() => setDrill(null)} />
          </Suspense>
        )}
      </div>
    </AnalyticsSourceContext.Provider>
  );
}
