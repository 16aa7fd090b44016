import {
  formatMoney,
  GP_BASES,
  GP_REPORT_NAMES,
  GP_REPORTS,
  gpDefaultPeriod,
  SERVICE_TYPES,
  type TGpDim,
  type TGpInvoice,
  type TGpJob,
  type TGpMeasures,
  type TGpReportName,
  type TGpRow,
  TRANSPORT_MODES,
} from '@portal/contracts';
import { Alert, Button, DatePicker, Drawer, Flex, Input, Segmented, Select, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../shared/auth';
import { Chart } from '../../shared/charts';
import { errorText } from '../../shared/i18n/error-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { ExportButton } from '../../shared/list/export-button';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import {
  GP_FILTER_NAMES,
  type GpDrill,
  type GpFilterValues,
  useGpInvoices,
  useGpJobs,
  useGpReport,
} from './gp-report-api';

const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#a0d911', '#faad14'];
const BOOKING_PATH = '/BMS/enhance_booking/shipping_order';

/** The report named by the route (/INV/GPReport2 → GPReport2). */
function useReportName(): TGpReportName {
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return (GP_REPORT_NAMES as string[]).includes(last) ? (last as TGpReportName) : 'GPReport';
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
  const filter: GpFilterValues = { from: period.from, to: period.to, basis: 'all' };
  for (const n of GP_FILTER_NAMES) {
    const v = params.get(n);
    if (v) filter[n] = v;
  }
  const q = useGpReport(name, filter);
  const [drill, setDrill] = useState<{ at: GpDrill; label: string } | null>(null);
  const set = (patch: GpFilterValues) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  const open = (keys: Record<string, string>) => {
    const at: GpDrill = { ...filter };
    for (const [d, v] of Object.entries(keys))
      (at as Record<string, string>)[d] = d === 'salesman' && !v ? '-' : v;
    const label = Object.values(keys).filter(Boolean).join(' · ') || t('total');
    setDrill({ at, label });
  };
  const cur = q.data?.base_currency ?? '';
  return (
    <Flex vertical gap={12}>
      <PageHeading>{t(`title.${name}`)}</PageHeading>
      <Typography.Text type="secondary">{t(`about.${name}`)}</Typography.Text>
      <GpFilterBar value={filter} onChange={set} />
      {q.error && <Alert type="error" showIcon message={errorText(t, q.error)} />}
      <GpChart rows={q.data?.rows ?? []} dims={def.dims} currency={cur} onPick={open} />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('basisNote', { currency: cur })}</Typography.Text>
        <ExportButton path={`/GpReport/${name}/export`} query={filter as Record<string, string>} />
      </Flex>
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
      <Drawer
        open={!!drill}
        onClose={() => setDrill(null)}
        size="large"
        width={1100}
        title={t('drillTitle', { what: drill?.label ?? '' })}
        destroyOnHidden
      >
        {drill && (
          <Tabs
            items={[
              { key: 'jobs', label: t('tab.jobs'), children: <JobsTable name={name} drill={drill.at} /> },
              {
                key: 'invoices',
                label: t('tab.invoices'),
                children: <InvoicesTable name={name} drill={drill.at} />,
              },
            ]}
          />
        )}
      </Drawer>
    </Flex>
  );
}

function GpFilterBar({ value, onChange }: { value: GpFilterValues; onChange: (p: GpFilterValues) => void }) {
  const { t } = useTranslation('gp-report');
  const text = (n: 'office' | 'customer' | 'salesman' | 'pol', width = 110) => (
    <Input
      allowClear
      placeholder={t(`filter.${n}`)}
      aria-label={t(`filter.${n}`)}
      defaultValue={value[n]}
      style={{ width }}
      onPressEnter={(e) => onChange({ [n]: e.currentTarget.value.trim().toUpperCase() })}
      onBlur={(e) => {
        const v = e.currentTarget.value.trim().toUpperCase();
        if (v !== (value[n] ?? '')) onChange({ [n]: v });
      }}
      onClear={() => onChange({ [n]: '' })}
      data-testid={`gp-filter-${n}`}
    />
  );
  return (
    <Flex wrap gap={8} align="center" data-testid="gp-filters">
      <DatePicker.RangePicker
        picker="month"
        allowClear={false}
        aria-label={t('filter.period')}
        value={[dayjs(`${value.from}-01`), dayjs(`${value.to}-01`)]}
        onChange={(r) => {
          if (r?.[0] && r[1]) onChange({ from: r[0].format('YYYY-MM'), to: r[1].format('YYYY-MM') });
        }}
      />
      {text('office', 90)}
      <Select
        allowClear
        placeholder={t('filter.mode')}
        aria-label={t('filter.mode')}
        style={{ width: 110 }}
        value={value.mode}
        options={TRANSPORT_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        onChange={(v) => onChange({ mode: v ?? '' })}
      />
      <Select
        allowClear
        placeholder={t('filter.service')}
        aria-label={t('filter.service')}
        style={{ width: 110 }}
        value={value.service}
        options={SERVICE_TYPES.map((s) => ({ value: s, label: s }))}
        onChange={(v) => onChange({ service: v ?? '' })}
      />
      {text('customer', 130)}
      {text('salesman', 100)}
      {text('pol', 100)}
      <Segmented
        aria-label={t('filter.basis')}
        value={value.basis ?? 'all'}
        options={GP_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) }))}
        onChange={(v) => onChange({ basis: String(v) })}
      />
    </Flex>
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
  const series = s ? [...new Set(rows.map((r) => r.keys[s]))].slice(0, COLOURS.length) : ['gp'];
  const data = useMemo(() => {
    const by = new Map<string, { name: string; values: Record<string, number> }>();
    for (const r of rows) {
      const k = r.keys[x] ?? '';
      const point = by.get(k) ?? { name: k, values: {} };
      const key = s ? r.keys[s] : 'gp';
      if (series.includes(key)) point.values[key] = (point.values[key] ?? 0) + Number(r.gp);
      by.set(k, point);
    }
    return [...by.values()];
  }, [rows, x, s, series]);
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
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      onClick={() => onPick(r.keys)}
      data-testid={`gp-drill-${i}-${measure}`}
    >
      {text}
    </Button>
  );
  const cols: StaticTableColumn<TGpRow & { i: number }>[] = dims.map((d) => ({
    key: d,
    title: t(`dim.${d}`),
    render: (_, r) =>
      d === 'customer' ? (
        <span>
          {r.keys.customer} <Typography.Text type="secondary">{r.names?.customer}</Typography.Text>
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

/** The jobs behind a figure (shipment details), paged; a job expands to its invoices. */
function JobsTable({ name, drill }: { name: TGpReportName; drill: GpDrill }) {
  const { t, i18n } = useTranslation('gp-report');
  const session = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const q = useGpJobs(name, drill, page, pageSize);
  const cur = q.data?.base_currency ?? '';
  const fmt = (v: string) => formatMoney(v, cur, i18n.language);
  const canBooking = session.hasFunc('booking');
  const canInvoices = session.hasFunc('m_ap');
  const cols: StaticTableColumn<TGpJob>[] = [
    {
      key: 'job_no',
      nowrap: true,
      title: t('col.job'),
      render: (_, r) =>
        canInvoices ? <Link to={`/INV/Search?q=${encodeURIComponent(r.job_no)}`}>{r.job_no}</Link> : r.job_no,
    },
    {
      key: 'so',
      nowrap: true,
      title: t('col.so'),
      render: (_, r) =>
        r.so_nos.map((so) =>
          canBooking ? (
            <Link key={so} to={`${BOOKING_PATH}/${encodeURIComponent(so)}`} style={{ marginRight: 6 }}>
              {so}
            </Link>
          ) : (
            <span key={so} style={{ marginRight: 6 }}>
              {so}
            </span>
          ),
        ),
    },
    { key: 'month', title: t('dim.month'), dataIndex: 'month', nowrap: true },
    { key: 'office', title: t('dim.office'), dataIndex: 'office' },
    { key: 'mode', title: t('dim.mode'), render: (_, r) => `${r.mode} ${r.service}` },
    { key: 'pol', title: t('dim.pol'), dataIndex: 'pol' },
    { key: 'customer', title: t('dim.customer'), render: (_, r) => `${r.customer} ${r.customer_name}` },
    { key: 'salesman', title: t('dim.salesman'), render: (_, r) => r.salesman || t('none') },
    {
      key: 'revenue',
      title: t('col.revenue', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.revenue),
    },
    {
      key: 'cost',
      title: t('col.cost', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.cost),
    },
    {
      key: 'gp',
      title: t('col.gp', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => <b>{fmt(r.gp)}</b>,
    },
    { key: 'invoices', title: t('col.invoices'), align: 'right', nowrap: true, dataIndex: 'invoices' },
  ];
  if (q.error) return <Alert type="error" showIcon message={errorText(t, q.error)} />;
  return (
    <StaticTable<TGpJob>
      rowKey="job_no"
      loading={q.isFetching}
      rows={q.data?.rows ?? []}
      columns={cols}
      data-testid="gp-jobs"
      rowTestId="gp-job-row"
      expandable={{
        render: (r) => <InvoicesTable name={name} drill={{ ...drill, job_no: r.job_no }} compact />,
      }}
      paging={{
        page,
        pageSize,
        total: q.data?.total ?? 0,
        onChange: (p, s) => {
          setPage(s === pageSize ? p : 1);
          setPageSize(s);
        },
      }}
      pageSizeChoice
      summary={
        q.data && q.data.total > 0 ? (
          // The first cell spans the expand column and the eight columns before the amounts.
          <tr>
            <td colSpan={9}>
              <b>{t('totalJobs', { count: q.data.total })}</b>
            </td>
            <td style={{ textAlign: 'right' }}>
              <b>{fmt(q.data.totals.revenue)}</b>
            </td>
            <td style={{ textAlign: 'right' }}>
              <b>{fmt(q.data.totals.cost)}</b>
            </td>
            <td style={{ textAlign: 'right' }}>
              <b data-testid="gp-jobs-total">{fmt(q.data.totals.gp)}</b>
            </td>
            <td />
          </tr>
        ) : null
      }
    />
  );
}

/** The invoices behind a figure or a job (invoice details), paged; each opens its invoice. */
function InvoicesTable({ name, drill, compact }: { name: TGpReportName; drill: GpDrill; compact?: boolean }) {
  const { t, i18n } = useTranslation('gp-report');
  const session = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(compact ? 10 : 20);
  const q = useGpInvoices(name, drill, page, pageSize);
  const cur = q.data?.base_currency ?? '';
  const fmt = (v: string, c = cur) => formatMoney(v, c, i18n.language);
  const cols: StaticTableColumn<TGpInvoice>[] = [
    {
      key: 'invoice_no',
      nowrap: true,
      title: t('col.invoice'),
      render: (_, r) => {
        const side = r.inv_type === 'AR' ? 'ar' : 'ap';
        return session.hasFunc(r.inv_type === 'AR' ? 'm_ar' : 'm_ap') ? (
          <Link to={`/INV/${side}Details/${r.inv_id}`}>{r.invoice_no}</Link>
        ) : (
          r.invoice_no
        );
      },
    },
    { key: 'type', title: t('col.type'), render: (_, r) => `${r.inv_type} ${r.kind}` },
    { key: 'status', title: t('col.status'), render: (_, r) => `${r.status} / ${r.acct_process_status}` },
    ...(compact ? [] : [{ key: 'job', title: t('col.job'), dataIndex: 'job_no' }]),
    { key: 'account', title: t('col.account'), render: (_, r) => `${r.account_code} ${r.account_name}` },
    { key: 'date', title: t('col.invoiceDate'), dataIndex: 'invoice_date', nowrap: true },
    {
      key: 'net',
      title: t('col.net'),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.net_amount, r.currency),
    },
    {
      key: 'revenue',
      title: t('col.revenue', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.revenue),
    },
    {
      key: 'cost',
      title: t('col.cost', { currency: cur }),
      align: 'right',
      nowrap: true,
      render: (_, r) => fmt(r.cost),
    },
  ];
  if (q.error) return <Alert type="error" showIcon message={errorText(t, q.error)} />;
  return (
    <StaticTable<TGpInvoice>
      rowKey={(r) => `${r.inv_id}-${r.job_no}`}
      loading={q.isFetching}
      rows={q.data?.rows ?? []}
      columns={cols}
      data-testid={compact ? 'gp-job-invoices' : 'gp-invoices'}
      paging={{
        page,
        pageSize,
        total: q.data?.total ?? 0,
        onChange: (p, s) => {
          setPage(s === pageSize ? p : 1);
          setPageSize(s);
        },
      }}
      pageSizeChoice={!compact}
    />
  );
}
