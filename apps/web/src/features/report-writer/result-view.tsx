import type { TRwResult } from '@portal/contracts';
import { Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartType } from '../../shared/charts';
import { useStatusWord } from '../../shared/i18n/code-words';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainEmpty } from '../../shared/plain/plain-list';
import { Typography } from '../../shared/plain/typography';
import { chartPoints, type RwFormValues, wordCodes } from './report-model';
import { useRwLabels } from './use-rw-labels';

const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#a0d911', '#faad14'];
/** A pie with more slices than this is unreadable: the rest is one "Other" slice. */
const PIE_SLICES = 8;
const NUMERIC = new Set(['number', 'money']);

/** The result's chart (bar, line or pie of y by x) under the table; nothing when the report has none. */
export function ResultChart({
  result,
  chart,
  yLabel,
}: {
  result: TRwResult;
  chart: RwFormValues['chart'];
  yLabel: string;
}) {
  const { t, i18n } = useTranslation('report-writer');
  const points = useMemo(
    () => chartPoints(result, chart.x, chart.y, t('chart.empty')),
    [result, chart.x, chart.y, t],
  );
  const fmt = (n: number) => n.toLocaleString(i18n.language);
  if (chart.type === 'none') return null;
  if (!chart.x || !chart.y) return <PlainAlert type="info" title={t('chart.pickAxes')} />;
  if (points.length === 0) return <PlainEmpty text={t('chart.noData')} />;
  let data = points;
  if (chart.type === 'pie') {
    const sorted = [...points].sort((a, b) => b.value - a.value);
    data = sorted.slice(0, PIE_SLICES);
    const rest = sorted.slice(PIE_SLICES).reduce((s, p) => s + p.value, 0);
    if (rest) data.push({ name: t('chart.other'), value: rest });
  }
  const type: ChartType = chart.type === 'pie' ? 'pie' : chart.type === 'line' ? 'line' : 'bar';
  return (
    <figure
      style={{ margin: 0 }}
      data-testid="rw-chart"
      data-chart-type={chart.type}
      data-points={points.length}
    >
      <figcaption className="portal-visually-hidden">{t('chart.caption', { y: yLabel })}</figcaption>
      <Chart
        type={type}
        data={data.map((p) => ({ name: p.name, values: { value: p.value } }))}
        series={[{ key: 'value', name: yLabel }]}
        height={340}
        colours={COLOURS}
        legend
        pieLabels
        yTick={fmt}
      />
    </figure>
  );
}

/**
 * The result with its status codes as words of the codes catalogue (issue 39), for the table and the chart
 * alike: a column the server marks with `codeKind` (a booking's, an invoice's status…).
 */
export function useWordedResult(result: TRwResult): TRwResult {
  const statusWord = useStatusWord();
  return useMemo(() => wordCodes(result, statusWord), [result, statusWord]);
}

/** A run's or preview's rows: summary (rows, truncated, time), the table, and the chart under it. */
export function ResultView({
  result: raw,
  values,
  kind,
  dataset,
}: {
  result: TRwResult;
  values: RwFormValues;
  kind: 'preview' | 'run';
  dataset: Parameters<typeof useRwLabels>[0];
}) {
  const { t, i18n } = useTranslation('report-writer');
  const labels = useRwLabels(dataset);
  const result = useWordedResult(raw);
  const columns: StaticTableColumn<Record<string, string | null>>[] = result.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: labels.column(c),
    align: NUMERIC.has(c.type) ? ('right' as const) : undefined,
    nowrap: NUMERIC.has(c.type),
    render: (v: string | null) => {
      if (v === null || v === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
      if (c.type === 'boolean') return v === 'true' ? t('yes') : t('no');
      if (c.type === 'datetime') return new Date(v).toLocaleString(i18n.language);
      return v;
    },
  }));
  const rows = result.rows.map((r, i) => ({ ...r, __key: String(i) }));
  const yCol = result.columns.find((c) => c.key === values.chart.y);
  return (
    <Flex vertical gap={12} data-testid={`rw-result-${kind}`}>
      <Typography.Text data-testid="rw-result-summary" role="status">
        {kind === 'preview'
          ? t('result.previewSummary', { shown: result.rows.length, count: result.total })
          : t('result.runSummary', { count: result.total })}
      </Typography.Text>
      {result.truncated && (
        <PlainAlert
          type="warning"
          data-testid="rw-result-truncated"
          title={
            kind === 'preview'
              ? t('result.previewTruncated', { count: result.rows.length })
              : t('result.truncated', { count: result.rows.length })
          }
        />
      )}
      <StaticTable
        rowKey="__key"
        columns={columns}
        rows={rows}
        pageSize={50}
        empty={<PlainEmpty text={t('result.noRows')} />}
        data-testid="rw-result-table"
      />
      <ResultChart result={result} chart={values.chart} yLabel={yCol ? labels.column(yCol) : ''} />
    </Flex>
  );
}
