import { ANALYTICS_PAGE_NAMES, type TAnalyticsPageName } from '@portal/contracts';
import { Alert, Card, Flex, Progress, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { ExportButton } from '../../shared/list/export-button';
import { useAnalyticsOptions, useAnalyticsPage } from './analytics-api';
import { DocumentsDrawer, type OpenDrill } from './analytics-documents-drawer';
import { AnalyticsTable, ChartGrid, type DrillHandler, KpiCards } from './analytics-figures';
import { AnalyticsFilterBar } from './analytics-filter-bar';
import { applyPatch, filterQuery, readUrlState } from './analytics-filters';
import { useAnalyticsT } from './analytics-i18n';
import './analytics.css';

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
  const { t, label, lang } = useAnalyticsT({ root: true });
  const [params, setParams] = useSearchParams();
  // Recomputed when the URL changes; a preset's days are taken from today's date.
  const { filters, preset } = useMemo(() => readUrlState(params), [params]);
  const q = useAnalyticsPage(name, filters);
  const options = useAnalyticsOptions();
  const [drill, setDrill] = useState<OpenDrill | null>(null);
  const onDrill: DrillHandler = (d, what) => setDrill({ drill: d, what });
  const r = q.data;
  const title = t(`page.${name}.title`);
  return (
    <Flex vertical gap={12} data-testid={`analytics-page-${name}`}>
      <PageHeading>{title}</PageHeading>
      <Typography.Text type="secondary">{t(`page.${name}.about`)}</Typography.Text>
      <AnalyticsFilterBar
        value={filters}
        preset={preset}
        options={options.data}
        optionsLoading={options.isPending}
        onChange={(patch) => setParams((prev) => applyPatch(prev, patch))}
      />
      <div className="analytics-progress">
        {q.isFetching && (
          <Progress
            percent={100}
            status="active"
            showInfo={false}
            size="small"
            aria-label={t('loading')}
            data-testid="analytics-loading"
          />
        )}
      </div>
      {q.error && (
        <Alert type="error" showIcon message={errorText(t, q.error)} data-testid="analytics-error" />
      )}
      <div aria-busy={q.isFetching} className={q.isPlaceholderData ? 'analytics-stale' : undefined}>
        {r && (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary" data-testid="analytics-period">
              {t('periodNote', { from: filters.from, to: filters.to, basis: label(r.periodBasisKey) })}
            </Typography.Text>
            <KpiCards kpis={r.kpis} onDrill={onDrill} />
            <ChartGrid charts={r.charts} onDrill={onDrill} />
            <Card
              size="small"
              title={t('tableTitle')}
              extra={<ExportButton path={`/Analytics/${name}/export`} query={filterQuery(filters)} />}
            >
              <AnalyticsTable table={r.table} loading={false} onDrill={onDrill} />
              {r.table.truncated && (
                <Typography.Paragraph
                  type="secondary"
                  style={{ marginTop: 8 }}
                  data-testid="analytics-truncated"
                >
                  {t('truncated', { count: r.table.rows.length })}
                </Typography.Paragraph>
              )}
              {r.noteKeys.length > 0 && (
                <ul className="analytics-notes" data-testid="analytics-notes">
                  {r.noteKeys.map((k) => (
                    <li key={k}>{label(k)}</li>
                  ))}
                </ul>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('generatedAt', { at: new Date(r.generatedAt).toLocaleString(lang) })}
              </Typography.Text>
            </Card>
          </Flex>
        )}
      </div>
      <DocumentsDrawer page={name} filters={filters} open={drill} onClose={() => setDrill(null)} />
    </Flex>
  );
}
