import {
  formatMoney,
  GP_BASES,
  GP_REPORTS,
  gpDefaultPeriod,
  SERVICE_TYPES,
  type TGpDim,
  type TGpMeasures,
  type TGpReportName,
  type TGpRow,
  TRANSPORT_MODES,
} from '@portal/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Chart } from '../../shared/charts';
import { PageHeading } from '../../shared/layout/page-heading';
import { ExportButton } from '../../shared/list/export-button';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainLinkButton } from '../../shared/plain/plain-button';
import { PlainDateRange } from '../../shared/plain/plain-date-range';
import { PlainSegmented } from '../../shared/plain/plain-segmented';
import { PlainSelect } from '../../shared/plain/plain-select';
import { type GpDrill, type GpFilterValues, useGpReport } from './gp-report-api';
import { drillOf, gpChartModel, gpFilterOf, patchedParams, reportNameOf } from './gp-report-model';
import { GpError, InvoicesTable, JobsTable } from './gp-report-tables';
import './gp-report.css';

// The drill-down drawer (antd's Drawer and Tabs) loads on the first figure opened (issue 20).
const GpDrillDrawer = lazy(() => import('./gp-report-drill').then((m) => ({ default: m.GpDrillDrawer })));

const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#a0d911', '#faad14'];

/** The report named by the route (/INV/GPReport2 → GPReport2). */
function useReportName(): TGpReportName {
  return reportNameOf(useLocation().pathname);
}

/**
 * One GP report (002 §2, docs/gp-reports.md): the filter bar, a chart, the table with totals, a drill-down
 * from any figure to the jobs and invoices behind it, and the Excel export.
 */
export default function GpReportPage() {
  const name = useReportName();
  const def = GP_REPORTS[name];
  const { t } = useTranslation('gp-report');
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => gpDefaultPeriod(), []);
  const filter = gpFilterOf(params, period);
  const q = useGpReport(name, filter);
  const [drill, setDrill] = useState<{ at: GpDrill; label: string } | null>(null);
  // Kept once opened, so the drawer closes with its focus return instead of vanishing.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const set = (patch: GpFilterValues) => setParams((prev) => patchedParams(prev, patch));
  const open = (keys: Record<string, string>) => {
    setDrawerUsed(true);
    setDrill(drillOf(filter, keys, t('total')));
  };
  const cur = q.data?.base_currency ?? '';
  return (
    <div className="gp-page">
      <PageHeading>{t(`title.${name}`)}</PageHeading>
      <span className="plain-secondary">{t(`about.${name}`)}</span>
      <GpFilterBar value={filter} onChange={set} />
      {q.error && <GpError error={q.error} />}
      <GpChart rows={q.data?.rows ?? []} dims={def.dims} currency={cur} onPick={open} />
      <div className="gp-basis">
        <span className="plain-secondary">{t('basisNote', { currency: cur })}</span>
        <ExportButton path={`/GpReport/${name}/export`} query={filter as Record<string, string>} />
      </div>
      {def.kind === 'summary' && (
        <SummaryTable
          rows={q.data?.rows ?? []}
          totals={q.data?.totals}
          dims={def.dims}
          units={def.units}
          currency={cur}
          loading={q.isFetching}
          onPick={open}
        />
      )}
      {def.kind === 'jobs' && <JobsTable name={name} drill={filter} />}
      {def.kind === 'invoices' && <InvoicesTable name={name} drill={filter} />}
      {drawerUsed && (
        <Suspense fallback={null}>
          <GpDrillDrawer name={name} drill={drill} onClose={() => setDrill(null)} />
        </Suspense>
      )}
    </div>
  );
}

function GpFilterBar({ value, onChange }: { value: GpFilterValues; onChange: (p: GpFilterValues) => void }) {
  const { t } = useTranslation('gp-report');
  // A code typed in applies on Enter or on leaving the field; emptying the field takes the filter off.
  const text = (n: 'office' | 'customer' | 'salesman' | 'pol', width = 110) => (
    <input
      type="search"
      className="plain-input"
      placeholder={t(`filter.${n}`)}
      aria-label={t(`filter.${n}`)}
      defaultValue={value[n]}
      style={{ width }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange({ [n]: e.currentTarget.value.trim().toUpperCase() });
      }}
      onChange={(e) => {
        if (!e.currentTarget.value && value[n]) onChange({ [n]: '' });
      }}
      onBlur={(e) => {
        const v = e.currentTarget.value.trim().toUpperCase();
        if (v !== (value[n] ?? '')) onChange({ [n]: v });
      }}
      data-testid={`gp-filter-${n}`}
    />
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's DOM types yet; the role names the same landmark
    <div className="gp-filters" data-testid="gp-filters" role="search" aria-label={t('filter.label')}>
      <PlainDateRange
        kind="month"
        label={t('filter.period')}
        from={value.from ?? ''}
        to={value.to ?? ''}
        onChange={(from, to) => onChange({ from, to })}
        testId="gp-filter-period"
      />
      {text('office', 90)}
      <PlainSelect
        allowClear
        placeholder={t('filter.mode')}
        aria-label={t('filter.mode')}
        style={{ minWidth: 110 }}
        value={value.mode}
        options={TRANSPORT_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        onChange={(v) => onChange({ mode: v ?? '' })}
        data-testid="gp-filter-mode"
      />
      <PlainSelect
        allowClear
        placeholder={t('filter.service')}
        aria-label={t('filter.service')}
        style={{ minWidth: 110 }}
        value={value.service}
        options={SERVICE_TYPES.map((s) => ({ value: s, label: s }))}
        onChange={(v) => onChange({ service: v ?? '' })}
        data-testid="gp-filter-service"
      />
      {text('customer', 130)}
      {text('salesman', 100)}
      {text('pol', 100)}
      <PlainSegmented
        aria-label={t('filter.basis')}
        value={value.basis ?? 'all'}
        options={GP_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) }))}
        onChange={(v) => onChange({ basis: v })}
        data-testid="gp-filter-basis"
      />
    </div>
  );
}

/** GP by the first dim (bars stacked by the second dim's values when there is one). */
function GpChart({
  rows,
  dims,
  currency,
  onPick,
}: {
  rows: TGpRow[];
  dims: readonly TGpDim[];
  currency: string;
  onPick: (keys: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation('gp-report');
  const [x, s] = dims;
  const { series, data } = useMemo(() => gpChartModel(rows, dims, COLOURS.length), [rows, dims]);
  if (!rows.length) return null;
  const compact = new Intl.NumberFormat(i18n.language, { notation: 'compact' });
  return (
    <div data-testid="gp-chart" role="img" aria-label={t('chartLabel')}>
      <Chart
        type="stackedBar"
        data={data}
        series={series.map((k) => ({ key: k, name: k === 'gp' ? t('col.gp') : k || t('none') }))}
        height={280}
        colours={COLOURS}
        legend={!!s}
        yTick={(v) => compact.format(v)}
        valueText={(_i, _s, v) => formatMoney(String(v), currency, i18n.language)}
        onPick={(i, k) => onPick({ [x]: data[i]?.name ?? '', ...(s && k ? { [s]: k.key } : {}) })}
      />
    </div>
  );
}

function SummaryTable({
  rows,
  totals,
  dims,
  units,
  currency,
  loading,
  onPick,
}: {
  rows: TGpRow[];
  totals?: TGpMeasures;
  dims: readonly TGpDim[];
  units: boolean;
  currency: string;
  loading: boolean;
  onPick: (keys: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation('gp-report');
  const fmt = (v: string | null) => (v === null ? '—' : formatMoney(v, currency, i18n.language));
  const num = (v: string) => new Intl.NumberFormat(i18n.language).format(Number(v));
  const drillCell = (r: TGpRow, i: number, text: string, measure: string) => (
    <PlainLinkButton onClick={() => onPick(r.keys)} data-testid={`gp-drill-${i}-${measure}`}>
      {text}
    </PlainLinkButton>
  );
  const cols: StaticTableColumn<TGpRow & { i: number }>[] = dims.map((d) => ({
    key: d,
    title: t(`dim.${d}`),
    render: (_, r) =>
      d === 'customer' ? (
        <span>
          {r.keys.customer} <span className="plain-secondary">{r.names?.customer}</span>
        </span>
      ) : (
        r.keys[d] || t('none')
      ),
  }));
  const money = (m: 'revenue' | 'cost' | 'gp') => ({
    key: m,
    title: t(`col.${m}`, { currency }),
    align: 'right' as const,
    nowrap: true,
    render: (_: unknown, r: TGpRow & { i: number }) => drillCell(r, r.i, fmt(r[m]), m),
  });
  cols.push(money('revenue'), money('cost'), money('gp'), {
    key: 'margin',
    title: t('col.margin'),
    align: 'right',
    render: (_, r) => (r.margin === null ? '—' : `${r.margin}%`),
  });
  cols.push({
    key: 'jobs',
    title: t('col.jobs'),
    align: 'right',
    render: (_, r) => drillCell(r, r.i, String(r.jobs), 'jobs'),
  });
  if (units)
    cols.push(
      { key: 'cbm', title: t('col.cbm'), align: 'right', render: (_, r) => num(r.cbm) },
      { key: 'teu', title: t('col.teu'), align: 'right', render: (_, r) => num(r.teu) },
      { key: 'cw', title: t('col.cw'), align: 'right', render: (_, r) => num(r.cw) },
      { key: 'per_cbm', title: t('col.perCbm'), align: 'right', render: (_, r) => fmt(r.gp_per_cbm) },
      { key: 'per_teu', title: t('col.perTeu'), align: 'right', render: (_, r) => fmt(r.gp_per_teu) },
      { key: 'per_cw', title: t('col.perCw'), align: 'right', render: (_, r) => r.gp_per_cw ?? '—' },
      {
        key: 'per_shipment',
        title: t('col.perShipment'),
        align: 'right',
        render: (_, r) => fmt(r.gp_per_shipment),
      },
    );
  const totalRow: TGpRow & { i: number } = totals ? { ...totals, keys: {}, names: {}, i: -1 } : ({} as never);
  return (
    <StaticTable<TGpRow & { i: number }>
      rowKey={(r) => dims.map((d) => r.keys[d]).join('|')}
      loading={loading}
      rows={rows.map((r, i) => ({ ...r, i }))}
      columns={cols}
      pageSize={100}
      data-testid="gp-table"
      summary={
        totals ? (
          <tr>
            <td colSpan={dims.length}>
              <b>{t('total')}</b>
            </td>
            {(['revenue', 'cost', 'gp'] as const).map((m) => (
              <td key={m} style={{ textAlign: 'right' }}>
                <b data-testid={`gp-total-${m}`}>{drillCell(totalRow, -1, fmt(totals[m]), m)}</b>
              </td>
            ))}
            <td style={{ textAlign: 'right' }}>{totals.margin === null ? '—' : `${totals.margin}%`}</td>
            <td style={{ textAlign: 'right' }}>
              <b>{totals.jobs}</b>
            </td>
            {units && (
              <>
                <td style={{ textAlign: 'right' }}>{num(totals.cbm)}</td>
                <td style={{ textAlign: 'right' }}>{num(totals.teu)}</td>
                <td style={{ textAlign: 'right' }}>{num(totals.cw)}</td>
                <td style={{ textAlign: 'right' }}>{fmt(totals.gp_per_cbm)}</td>
                <td style={{ textAlign: 'right' }}>{fmt(totals.gp_per_teu)}</td>
                <td style={{ textAlign: 'right' }}>{totals.gp_per_cw ?? '—'}</td>
                <td style={{ textAlign: 'right' }}>{fmt(totals.gp_per_shipment)}</td>
              </>
            )}
          </tr>
        ) : null
      }
    />
  );
}
