import type { TAnalyticsChart, TAnalyticsDrill, TAnalyticsResult, TAnalyticsTable } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { Chart, type ChartDatum } from '../../shared/charts';
import { useStatusWord } from '../../shared/i18n/code-words';
import { StaticTable, type StaticTableColumn } from '../../shared/list/static-table';
import { PlainLinkButton } from '../../shared/plain/plain-button';
import { PlainCard } from '../../shared/plain/plain-card';
import {
  type AnalyticsValueKind,
  compareValues,
  formatValue,
  isNumericKind,
  plotValue,
  unitKey,
} from './analytics-format';
import { useAnalyticsT } from './analytics-i18n';

/** A figure was picked: its keys and how the drawer names it. */
export type DrillHandler = (drill: TAnalyticsDrill, what: string) => void;

// Colours with at least 3:1 contrast against white (WCAG 1.4.11 for graphics).
const COLOURS = ['#1668dc', '#389e0d', '#d46b08', '#c41d7f', '#08979c', '#531dab', '#7c8a00', '#ad6800'];

/**
 * A heading with its unit in brackets ("Revenue (HKD)"), unless the label already says it ("TEU",
 * "Gross Weight (kg)").
 */
export const withUnit = (text: string, unit: string | null | undefined) =>
  unit && !text.includes(unit) ? `${text} (${unit})` : text;

/** A value with its unit, in the reader's language: "HKD 1,234.50", "12.5 TEU", "87.5%". */
function useValueText() {
  const { t, lang } = useAnalyticsT();
  return (kind: AnalyticsValueKind, v: string | null | undefined) => {
    const text = formatValue(kind, v, lang);
    const unit = unitKey(kind);
    if (!unit || text === '—') return text;
    return kind === 'money' ? `${t(unit)} ${text}` : `${text} ${t(unit)}`;
  };
}

/** The KPI cards; one with documents behind it opens them (click, Enter or Space: it is a button). */
export function KpiCards({ kpis, onDrill }: { kpis: TAnalyticsResult['kpis']; onDrill: DrillHandler }) {
  const { label } = useAnalyticsT();
  const valueText = useValueText();
  if (!kpis.length) return null;
  return (
    <ul className="analytics-kpis" data-testid="analytics-kpis">
      {kpis.map((k) => {
        const name = label(k.labelKey);
        const body = (
          <span className="analytics-kpi-body">
            <span className="plain-secondary analytics-kpi-name">{name}</span>
            <span className="analytics-kpi-value" data-testid={`analytics-kpi-value-${k.key}`}>
              {valueText(k.kind, k.value)}
            </span>
          </span>
        );
        return (
          <li key={k.key}>
            <PlainCard
              className={k.drill ? 'analytics-kpi plain-card--hoverable' : 'analytics-kpi'}
              data-testid={`analytics-kpi-${k.key}`}
            >
              {k.drill ? (
                <button
                  type="button"
                  className="analytics-kpi-button"
                  onClick={() => onDrill(k.drill ?? {}, name)}
                  data-testid={`analytics-kpi-open-${k.key}`}
                >
                  {body}
                </button>
              ) : (
                body
              )}
            </PlainCard>
          </li>
        );
      })}
    </ul>
  );
}

/** The page's charts, side by side on a wide screen. */
export function ChartGrid({ charts, onDrill }: { charts: TAnalyticsChart[]; onDrill: DrillHandler }) {
  if (!charts.length) return null;
  return (
    <div className={charts.length === 1 ? 'analytics-charts' : 'analytics-charts analytics-charts--two'}>
      {charts.map((c) => (
        <AnalyticsChart key={c.key} chart={c} onDrill={onDrill} />
      ))}
    </div>
  );
}

/**
 * One chart by its type. Bars, points and slices open the documents behind them. For keyboard and screen
 * reader users the same figures are a table under the chart ("Chart data"), each row a button to the same
 * documents; the drawing itself is one labelled image.
 */
function AnalyticsChart({ chart: raw, onDrill }: { chart: TAnalyticsChart; onDrill: DrillHandler }) {
  const { t, label, lang } = useAnalyticsT();
  const statusWord = useStatusWord();
  // Codes on the x axis (a booking's status) read as words of the codes catalogue (issue 39).
  const chart = useMemo(() => {
    const kind = raw.xCodeKind;
    return kind
      ? { ...raw, points: raw.points.map((p) => ({ ...p, label: p.label ?? statusWord(kind, p.x) })) }
      : raw;
  }, [raw, statusWord]);
  const valueText = useValueText();
  const title = label(chart.titleKey);
  const seriesName = (s: TAnalyticsChart['series'][number]) =>
    s.labelKey ? label(s.labelKey) : (s.label ?? s.key);
  const data: ChartDatum[] = useMemo(
    () =>
      chart.points.map((p) => {
        const values: ChartDatum['values'] = {};
        for (const s of chart.series) values[s.key] = plotValue(p.values[s.key]);
        return { name: p.label ?? p.x, values };
      }),
    [chart],
  );
  const series = chart.series.map((s) => ({ key: s.key, name: seriesName(s) }));
  const kind = chart.series[0]?.kind ?? 'decimal';
  const unit = unitKey(kind);
  const axisLabel = unit ? t(unit) : kind === 'pct' ? '%' : kind === 'count' ? t('unit.count') : '';
  const pick = (i: number | undefined, key?: string) => {
    const p = i === undefined ? undefined : chart.points[i];
    if (!p?.drill) return;
    const s = chart.series.find((x) => x.key === key);
    onDrill(
      p.drill,
      [p.label ?? p.x, s && chart.series.length > 1 ? seriesName(s) : ''].filter(Boolean).join(' · '),
    );
  };
  const compact = new Intl.NumberFormat(lang, { notation: 'compact' });
  // Slanted x labels when they would collide: many points, or several long names (carriers, lanes).
  const manyX =
    chart.points.length > 8 ||
    (chart.points.length > 4 && chart.points.some((p) => (p.label ?? p.x).length > 8));
  const drawing = (
    <Chart
      type={chart.type}
      data={data}
      series={series}
      height={300}
      colours={COLOURS}
      yTick={(v) => compact.format(v)}
      yLabel={axisLabel}
      slantX={manyX}
      legend={
        chart.type === 'pie' || chart.type === 'line' || chart.type === 'area' || chart.series.length > 1
      }
      valueText={(i, s) => {
        const def = chart.series.find((x) => x.key === s.key) ?? chart.series[0];
        return valueText(def.kind, chart.points[i]?.values[s.key]);
      }}
      onPick={(i, s) => pick(i, s?.key)}
    />
  );
  return (
    <PlainCard title={title} data-testid={`analytics-chart-${chart.key}`}>
      {chart.points.length ? (
        <div role="img" aria-label={t('chart.aria', { title })}>
          {drawing}
        </div>
      ) : (
        <span className="plain-secondary">{t('noData')}</span>
      )}
      {chart.points.length > 0 && <ChartDataTable chart={chart} onPick={pick} seriesName={seriesName} />}
    </PlainCard>
  );
}

/** The chart's figures as a table (folded away; keyboard and screen readers reach the documents from it). */
function ChartDataTable({
  chart,
  onPick,
  seriesName,
}: {
  chart: TAnalyticsChart;
  onPick: (i: number) => void;
  seriesName: (s: TAnalyticsChart['series'][number]) => string;
}) {
  const { t } = useAnalyticsT();
  const valueText = useValueText();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <PlainLinkButton
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid={`analytics-chart-table-toggle-${chart.key}`}
      >
        {open ? t('chart.hideTable') : t('chart.showTable')}
      </PlainLinkButton>
      {open && (
        <table className="analytics-chart-table" data-testid={`analytics-chart-table-${chart.key}`}>
          <caption className="portal-visually-hidden">{t('chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.category')}</th>
              {chart.series.map((s) => (
                <th scope="col" key={s.key} style={{ textAlign: 'right' }}>
                  {seriesName(s)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.points.map((p, i) => (
              <tr key={p.x}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal' }}>
                  {p.drill ? (
                    <PlainLinkButton onClick={() => onPick(i)}>{p.label ?? p.x}</PlainLinkButton>
                  ) : (
                    (p.label ?? p.x)
                  )}
                </th>
                {chart.series.map((s) => (
                  <td key={s.key} style={{ textAlign: 'right' }}>
                    {valueText(s.kind, p.values[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

type TableRow = TAnalyticsTable['rows'][number] & { i: number };

/**
 * The page's table: sortable columns, numbers right-aligned, the totals row, and a row with documents
 * behind it opens them (its first cell is a button, so the keyboard reaches it too).
 */
export function AnalyticsTable({
  table,
  loading,
  onDrill,
}: {
  table: TAnalyticsTable;
  loading: boolean;
  onDrill: DrillHandler;
}) {
  const { t, label, lang } = useAnalyticsT();
  const statusWord = useStatusWord();
  // Cells of a code column (a booking's status) read as words of the codes catalogue (issue 39).
  const rows: TableRow[] = useMemo(() => {
    const coded = table.columns.filter((c) => c.codeKind);
    return table.rows.map((r, i) => {
      if (!coded.length) return { ...r, i };
      const cells = { ...r.cells };
      for (const c of coded) if (cells[c.key]) cells[c.key] = statusWord(c.codeKind, cells[c.key]);
      return { ...r, cells, i };
    });
  }, [table, statusWord]);
  const first = table.columns[0]?.key;
  const nameOf = (r: TableRow) =>
    table.columns
      .filter((c) => !isNumericKind(c.kind))
      .map((c) => r.cells[c.key])
      .filter(Boolean)
      .join(' · ') || (first ? (r.cells[first] ?? '') : '');
  const columns: StaticTableColumn<TableRow>[] = table.columns.map((c) => {
    const unit = unitKey(c.kind);
    const numeric = isNumericKind(c.kind);
    return {
      key: c.key,
      title: withUnit(label(c.labelKey), unit && t(unit)),
      align: numeric ? 'right' : 'left',
      nowrap: numeric,
      sorter: (a: TableRow, b: TableRow) => compareValues(c.kind, a.cells[c.key], b.cells[c.key], lang),
      render: (_: unknown, r: TableRow) => {
        const text = formatValue(c.kind, r.cells[c.key], lang);
        return c.key === first && r.drill ? (
          <PlainLinkButton
            onClick={(e) => {
              e.stopPropagation();
              onDrill(r.drill ?? {}, nameOf(r));
            }}
            data-testid={`analytics-row-open-${r.i}`}
          >
            {text}
          </PlainLinkButton>
        ) : (
          text
        );
      },
    };
  });
  const totals = table.totals;
  return (
    <StaticTable<TableRow>
      rowKey="i"
      loading={loading}
      rows={rows}
      columns={columns}
      pageSize={50}
      data-testid="analytics-table"
      // A row with documents behind it opens them; its first cell is the button for the keyboard.
      onRowClick={(r) => r.drill && onDrill(r.drill, nameOf(r))}
      rowClassName={(r) => (r.drill ? undefined : 'analytics-row-still')}
      summary={
        totals ? (
          <tr data-testid="analytics-totals">
            {table.columns.map((c, n) => (
              <td key={c.key} style={{ textAlign: isNumericKind(c.kind) ? 'right' : 'left' }}>
                <b>
                  {n === 0 && !totals[c.key]
                    ? t('total')
                    : formatValue(c.kind, totals[c.key], lang).replace(/^—$/, '')}
                </b>
              </td>
            ))}
          </tr>
        ) : null
      }
    />
  );
}
