import { max } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { curveMonotoneX, line } from 'd3-shape';
import { useState } from 'react';
import { colors } from '../../../ui/theme.ts';
import { hourText } from '#machines/analytics/chart.ts';
import { money, type Series } from './chart-data.ts';
import { useWidth } from './use-width.ts';

/** Spec section 9: the chart is 500 px high. */
export const CHART_HEIGHT = 500;
const M = { top: 56, right: 24, bottom: 56, left: 84 };
/** Every third hour, or every sixth when the chart is narrow (a phone), so labels never overlap. */
const hourTicks = (width: number) => (width < 640 ? [0, 6, 12, 18] : [0, 3, 6, 9, 12, 15, 18, 21]);

type Tip = { x: number; y: number; text: string };
type Point = Series['points'][number];

/**
 * Cumulative revenue per UTC hour, one line per date. React draws the SVG; d3 only computes
 * the scales and the line paths. Each point can be hovered or focused for its tooltip.
 */
export function RevenueChart({ series, title }: { series: Series[]; title: string }) {
  const { ref, width } = useWidth<HTMLDivElement>(800);
  const [tip, setTip] = useState<Tip | null>(null);
  const x = scaleLinear()
    .domain([0, 23])
    .range([M.left, Math.max(M.left + 100, width - M.right)]);
  const top = max(series.flatMap((s) => s.points.map((p) => p.value))) ?? 0;
  const y = scaleLinear()
    .domain([0, top || 100])
    .nice()
    .range([CHART_HEIGHT - M.bottom, M.top]);
  const path = line<Point>()
    .x((p) => x(p.hour))
    .y((p) => y(p.value))
    .curve(curveMonotoneX);
  const show = (s: Series, p: Point) => setTip({ x: x(p.hour), y: y(p.value), text: `${p.label}: ${money(p.value)} (${s.date})` });

  return (
    <div ref={ref} css={{ position: 'relative', width: '100%' }}>
      <svg
        width={width}
        height={CHART_HEIGHT}
        role="group"
        aria-label={title}
        css={{ display: 'block', fontSize: 12, overflow: 'visible' }}
      >
        <g aria-label="Legend">
          {series.map((s, i) => (
            <g key={`${i}-${s.date}`} transform={`translate(${M.left + i * 160}, 18)`}>
              <rect width={24} height={4} y={6} fill={s.color} />
              <text x={32} y={12} fill={colors.text}>
                {s.date}
              </text>
            </g>
          ))}
        </g>
        <g aria-hidden="true">
          {y.ticks(5).map((t) => (
            <g key={t} transform={`translate(0, ${y(t)})`}>
              <line x1={M.left} x2={x(23)} stroke={colors.border} strokeDasharray="3 3" />
              <text x={M.left - 8} dy="0.32em" textAnchor="end" fill={colors.muted}>
                {t.toLocaleString('en-US')}
              </text>
            </g>
          ))}
          {hourTicks(width).map((h) => (
            <text key={h} x={x(h)} y={CHART_HEIGHT - M.bottom + 18} textAnchor="middle" fill={colors.muted}>
              {hourText(h)}
            </text>
          ))}
          <line x1={M.left} x2={x(23)} y1={CHART_HEIGHT - M.bottom} y2={CHART_HEIGHT - M.bottom} stroke={colors.text} />
          <line x1={M.left} x2={M.left} y1={M.top} y2={CHART_HEIGHT - M.bottom} stroke={colors.text} />
        </g>
        <text x={(M.left + x(23)) / 2} y={CHART_HEIGHT - 12} textAnchor="middle" fontWeight={700} fill={colors.text}>
          TIME
        </text>
        <text
          transform={`translate(18, ${(M.top + CHART_HEIGHT - M.bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          fontWeight={700}
          fill={colors.text}
        >
          REVENUE $
        </text>
        {series.map((s, i) => (
          <g key={`${i}-${s.date}`} data-series={s.date}>
            <path d={path(s.points) ?? ''} fill="none" stroke={s.color} strokeWidth={2.5} data-line={s.date} />
            {s.points.map((p) => (
              <circle
                key={p.hour}
                cx={x(p.hour)}
                cy={y(p.value)}
                r={4.5}
                fill={s.color}
                tabIndex={0}
                role="img"
                aria-label={`${s.date} ${p.label}: ${money(p.value)}`}
                data-hour={p.label}
                data-value={p.value}
                onMouseEnter={() => show(s, p)}
                onFocus={() => show(s, p)}
                onMouseLeave={() => setTip(null)}
                onBlur={() => setTip(null)}
                css={{ cursor: 'pointer', '&:focus-visible': { outline: `3px solid ${colors.focus}` } }}
              />
            ))}
          </g>
        ))}
      </svg>
      {tip ? (
        <div
          role="tooltip"
          css={{
            position: 'absolute',
            left: tip.x,
            top: tip.y - 44,
            transform: 'translateX(-50%)',
            pointerEvents: 'none',
            background: colors.navbar,
            color: colors.onNavbar,
            padding: '4px 8px',
            borderRadius: 4,
            whiteSpace: 'nowrap',
            fontSize: 13,
          }}
        >
          {tip.text}
        </div>
      ) : null}
    </div>
  );
}
