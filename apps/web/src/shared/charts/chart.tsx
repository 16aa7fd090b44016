import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import './chart.css';

/**
 * The portal's charts (issue 20, docs/decisions.md "Charts with visx"): bars, stacked bars, lines, stacked
 * areas and pies drawn as SVG with visx (d3 scales and shapes, no state store), about a quarter of what
 * recharts weighed. Hover shows a tooltip (SVG `<title>`); a click on a bar, point or slice calls `onPick`.
 * The drawing is decoration for pointer users: callers label it (`role="img"` + `aria-label` on a wrapper or a
 * `figure`) and offer the figures as text or a table for keyboard and screen-reader users.
 */
export type ChartType = 'bar' | 'stackedBar' | 'line' | 'area' | 'pie';

export interface ChartSeries {
  key: string;
  /** Shown in the legend and the tooltip (already translated). */
  name: string;
}

export interface ChartDatum {
  /** The category's label (x axis, pie slice). */
  name: string;
  values: Record<string, number | null | undefined>;
}

export interface ChartProps {
  type: ChartType;
  data: ChartDatum[];
  series: ChartSeries[];
  height: number;
  colours: readonly string[];
  /** Colour per category instead of per series (one-series bars such as ageing buckets; pies always). */
  colourByCategory?: boolean;
  /** Y tick text (e.g. compact numbers in the reader's language). */
  yTick?: (v: number) => string;
  /** Y axis title (a unit). */
  yLabel?: string;
  yWidth?: number;
  /** Tooltip text of one value (default: the tick format). */
  valueText?: (i: number, series: ChartSeries, v: number) => string;
  /** A bar, point, slice (or for lines and areas, anywhere over a category) was clicked. */
  onPick?: (i: number, series?: ChartSeries) => void;
  /** Legend under the drawing (default: when there are several series, and for pies). */
  legend?: boolean;
  /**
   * Slanted x labels always (many or long categories). Without it they slant, shorten and thin out by
   * themselves when they would overlap (xLabelLayout).
   */
  slantX?: boolean;
  /** Slice names next to the pie. */
  pieLabels?: boolean;
}

const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

/** The x labels' font size (px). */
const X_FONT = 11;
/** The longest a slanted x label may run (px along the text) before it ends in an ellipsis. */
const X_LABEL_MAX = 120;

/** About how wide a label is drawn at `font` px: full width for CJK and other wide characters, 0.6 em else. */
export function labelWidth(text: string, font = X_FONT) {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) >= 0x1100 ? font : font * 0.6;
  return w;
}

/** `text` cut to about `max` px with an ellipsis (the whole name stays in the marks' tooltips). */
export function fitLabel(text: string, max: number, font = X_FONT) {
  if (labelWidth(text, font) <= max) return text;
  let out = '';
  const room = max - labelWidth('…', font);
  for (const ch of text) {
    if (labelWidth(out + ch, font) > room) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

/**
 * How the category labels under an x axis are laid out so that none overlaps another (issue 39): level when
 * the widest fits its band; else slanted, cut to X_LABEL_MAX with an ellipsis, and when even slanted labels
 * have no room (many narrow bands) only every `every`-th is written. `bottom` is the room they need.
 */
export function xLabelLayout(names: readonly string[], band: number, slant = false) {
  const widest = Math.max(0, ...names.map((n) => labelWidth(n)));
  if (!slant && widest <= band - 6) return { angle: 0, every: 1, max: Number.POSITIVE_INFINITY, bottom: 30 };
  const angle = -35;
  const sin = Math.sin((-angle * Math.PI) / 180);
  // Parallel slanted labels need about a line's height / sin(angle) of axis each.
  const every = Math.max(1, Math.ceil((X_FONT + 4) / sin / Math.max(1, band)));
  const longest = Math.min(widest, X_LABEL_MAX);
  return { angle, every, max: X_LABEL_MAX, bottom: Math.max(30, Math.ceil(longest * sin + X_FONT + 12)) };
}

/** The width of the box the chart fills (its parent's width; 0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

export function Chart(props: ChartProps) {
  const [ref, width] = useWidth();
  const legend = props.legend ?? (props.type === 'pie' || props.series.length > 1);
  const colourOf = (i: number) => props.colours[i % props.colours.length];
  const items =
    props.type === 'pie' || props.colourByCategory
      ? props.data.map((d, i) => ({ key: `${i}`, name: d.name, colour: colourOf(i) }))
      : props.series.map((s, i) => ({ key: s.key, name: s.name, colour: colourOf(i) }));
  const legendHeight = legend ? 24 * Math.ceil(items.length / 6) : 0;
  const h = Math.max(80, props.height - legendHeight);
  return (
    <div className="portal-chart" ref={ref} style={{ height: props.height }}>
      {width > 0 &&
        (props.type === 'pie' ? (
          <PieDrawing {...props} width={width} height={h} />
        ) : (
          <XYDrawing {...props} width={width} height={h} />
        ))}
      {legend && (
        <ul className="portal-chart-legend">
          {items.map((it) => (
            <li key={it.key}>
              <span className="portal-chart-swatch" style={{ background: it.colour } as CSSProperties} />
              {it.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Drawing = ChartProps & { width: number; height: number };

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function XYDrawing(p: Drawing) {
  const { data, series, type } = p;
  const fmt = p.yTick ?? ((v: number) => String(v));
  const valueText = p.valueText ?? ((_i: number, _s: ChartSeries, v: number) => fmt(v));
  const stacked = type === 'stackedBar' || (type === 'area' && series.length > 1);
  const left = p.yWidth ?? 70;
  const innerW = Math.max(10, p.width - left - MARGIN.left - MARGIN.right);
  const xLabels = xLabelLayout(
    data.map((d) => d.name),
    innerW / Math.max(1, data.length),
    p.slantX,
  );
  const bottom = xLabels.bottom;
  const innerH = Math.max(10, p.height - bottom - MARGIN.top - MARGIN.bottom);
  // Stacks: each series starts where the ones before it ended (positives up, negatives down).
  const spans = data.map((d) => {
    let up = 0;
    let down = 0;
    return series.map((s) => {
      const v = num(d.values[s.key]);
      if (!stacked) return [Math.min(0, v), Math.max(0, v), v] as const;
      const from = v >= 0 ? up : down;
      if (v >= 0) up += v;
      else down += v;
      return [Math.min(from, from + v), Math.max(from, from + v), v] as const;
    });
  });
  const lo = Math.min(0, ...spans.flat().map((s) => s[0]));
  const hi = Math.max(0, ...spans.flat().map((s) => s[1]));
  const y = scaleLinear<number>({ domain: [lo, hi === lo ? lo + 1 : hi], range: [innerH, 0], nice: true });
  const x = scaleBand<number>({
    domain: data.map((_, i) => i),
    range: [0, innerW],
    padding: type === 'line' || type === 'area' ? 0 : 0.2,
  });
  const band = x.bandwidth();
  const centre = (i: number) => (x(i) ?? 0) + band / 2;
  const grouped = type === 'bar' && series.length > 1;
  const barW = grouped ? band / series.length : band;
  const colour = (n: number, i: number) => p.colours[(p.colourByCategory ? i : n) % p.colours.length];
  const pickable = !!p.onPick;
  let marks: React.ReactNode;
  if (type === 'line' || type === 'area') {
    const top = (i: number, n: number) => {
      const [a, b, v] = spans[i][n];
      return y(stacked ? (v >= 0 ? b : a) : v);
    };
    const base = (i: number, n: number) => {
      const [a, b, v] = spans[i][n];
      return y(stacked ? (v >= 0 ? a : b) : 0);
    };
    const idx = data.map((_, i) => i);
    marks = (
      <>
        {series.map((s, n) => {
          const c = colour(n, 0);
          return (
            <g key={s.key} className="portal-chart-series">
              {type === 'area' && (
                <path
                  d={`${idx.map((i, k) => `${k ? 'L' : 'M'}${centre(i)},${top(i, n)}`).join('')}${[...idx]
                    .reverse()
                    .map((i) => `L${centre(i)},${base(i, n)}`)
                    .join('')}Z`}
                  fill={c}
                  fillOpacity={0.25}
                />
              )}
              <LinePath<number>
                data={idx}
                x={centre}
                y={(i) => top(i, n)}
                stroke={c}
                strokeWidth={2}
                fill="none"
              />
              {data.map((d, i) => (
                <circle key={d.name + String(i)} cx={centre(i)} cy={top(i, n)} r={3} fill={c}>
                  <title>{`${d.name} · ${s.name}: ${valueText(i, s, spans[i][n][2])}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
        {pickable &&
          data.map((d, i) => (
            // A click anywhere over a category picks it (the column is the target, not the thin line).
            // biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcut; the figures' table is the keyboard way
            <rect
              key={`hit-${d.name}-${String(i)}`}
              className="portal-chart-hit"
              data-testid="chart-mark"
              x={x(i)}
              y={0}
              width={band}
              height={innerH}
              fill="transparent"
              onClick={() => p.onPick?.(i)}
            >
              <title>
                {[d.name, ...series.map((s, n) => `${s.name}: ${valueText(i, s, spans[i][n][2])}`)].join(
                  '\n',
                )}
              </title>
            </rect>
          ))}
      </>
    );
  } else {
    marks = data.map((d, i) =>
      series.map((s, n) => {
        const [a, b, v] = spans[i][n];
        const bx = (x(i) ?? 0) + (grouped ? n * barW : 0);
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcut; the figures' table is the keyboard way
          <rect
            key={`${s.key}-${d.name}-${String(i)}`}
            className={pickable ? 'portal-chart-bar portal-chart-pick' : 'portal-chart-bar'}
            data-testid="chart-mark"
            x={bx}
            y={y(b)}
            width={Math.max(1, barW)}
            height={Math.max(0, y(a) - y(b))}
            fill={colour(n, i)}
            onClick={pickable ? () => p.onPick?.(i, s) : undefined}
          >
            <title>{`${d.name}${series.length > 1 ? ` · ${s.name}` : ''}: ${valueText(i, s, v)}`}</title>
          </rect>
        );
      }),
    );
  }
  return (
    <svg width={p.width} height={p.height} aria-hidden="true" focusable="false">
      <Group left={left + MARGIN.left} top={MARGIN.top}>
        {y.ticks(5).map((t) => (
          <line key={t} className="portal-chart-grid" x1={0} x2={innerW} y1={y(t)} y2={y(t)} />
        ))}
        {marks}
        <AxisLeft
          scale={y}
          numTicks={5}
          tickFormat={(v) => fmt(Number(v))}
          label={p.yLabel}
          labelOffset={left - 24}
          stroke="#8c8c8c"
          tickStroke="#8c8c8c"
          tickLabelProps={{ fill: '#595959', fontSize: 11, textAnchor: 'end', dy: '0.33em' }}
          labelProps={{ fill: '#595959', fontSize: 12, textAnchor: 'middle' }}
        />
        <AxisBottom
          scale={x}
          top={innerH}
          tickFormat={(i) => fitLabel(data[Number(i)]?.name ?? '', xLabels.max)}
          tickValues={data.map((_, i) => i).filter((i) => i % xLabels.every === 0)}
          stroke="#8c8c8c"
          tickStroke="#8c8c8c"
          tickLabelProps={
            xLabels.angle
              ? { fill: '#595959', fontSize: X_FONT, textAnchor: 'end', angle: xLabels.angle, dy: '0.25em' }
              : { fill: '#595959', fontSize: X_FONT, textAnchor: 'middle' }
          }
        />
      </Group>
    </svg>
  );
}

/** A pie slice from the top, clockwise (angles in radians); a whole circle when it is the only one. */
function slicePath(r: number, start: number, end: number) {
  if (end - start >= 2 * Math.PI - 1e-9) return `M0,${-r}A${r},${r} 0 1 1 0,${r}A${r},${r} 0 1 1 0,${-r}Z`;
  if (end - start <= 0) return '';
  const at = (a: number) => `${Math.sin(a) * r},${-Math.cos(a) * r}`;
  return `M0,0L${at(start)}A${r},${r} 0 ${end - start > Math.PI ? 1 : 0} 1 ${at(end)}Z`;
}

function PieDrawing(p: Drawing) {
  const s = p.series[0];
  const fmt = p.yTick ?? ((v: number) => String(v));
  const valueText = p.valueText ?? ((_i: number, _s: ChartSeries, v: number) => fmt(v));
  const values = p.data.map((d) => Math.max(0, num(s ? d.values[s.key] : 0)));
  const total = values.reduce((a, b) => a + b, 0) || 1;
  const r = Math.max(10, Math.min(p.width, p.height) / 2 - (p.pieLabels ? 28 : 8));
  let at = 0;
  const slices = values.map((v, i) => {
    const start = at;
    at += (v / total) * 2 * Math.PI;
    return { i, v, start, end: at };
  });
  return (
    <svg width={p.width} height={p.height} aria-hidden="true" focusable="false">
      <Group left={p.width / 2} top={p.height / 2}>
        {slices.map((sl) => {
          const d = p.data[sl.i];
          const mid = (sl.start + sl.end) / 2;
          return (
            <g key={`${d.name}-${String(sl.i)}`}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcut; the figures' table is the keyboard way */}
              <path
                className={p.onPick ? 'portal-chart-slice portal-chart-pick' : 'portal-chart-slice'}
                data-testid="chart-mark"
                d={slicePath(r, sl.start, sl.end)}
                fill={p.colours[sl.i % p.colours.length]}
                stroke="#fff"
                onClick={p.onPick && s ? () => p.onPick?.(sl.i, s) : undefined}
              >
                <title>{`${d.name}: ${s ? valueText(sl.i, s, sl.v) : ''}`}</title>
              </path>
              {p.pieLabels && sl.v > 0 && (
                <text
                  x={Math.sin(mid) * (r + 12)}
                  y={-Math.cos(mid) * (r + 12)}
                  fontSize={11}
                  fill="#595959"
                  dy="0.33em"
                  textAnchor={Math.sin(mid) >= 0 ? 'start' : 'end'}
                >
                  {d.name}
                </text>
              )}
            </g>
          );
        })}
      </Group>
    </svg>
  );
}
