import { ChartFrame, chartHeight as height, chartWidth as width } from './chart-frame';

const pad = { left: 8, right: 8, top: 18, bottom: 26 };
const plotWidth = width - pad.left - pad.right;
const plotHeight = height - pad.top - pad.bottom;

/**
 * Vertical bars from zero to `max`, each labelled under it and with its value above it. An image
 * with a title and a description; the figures are for a table beside it.
 */
export function BarChart({
  title,
  description,
  bars,
  max,
  format,
}: {
  title: string;
  description: string;
  bars: ReadonlyArray<{ key: string; label: string; value: number | null }>;
  max: number;
  format: (value: number) => string;
}) {
  const slot = plotWidth / Math.max(bars.length, 1);
  const barWidth = Math.min(36, slot * 0.6);
  return (
    <ChartFrame title={title} description={description}>
      <line
        className="chart__baseline"
        x1={pad.left}
        y1={pad.top + plotHeight}
        x2={width - pad.right}
        y2={pad.top + plotHeight}
      />
      {bars.map((bar, i) => {
        const center = pad.left + slot * (i + 0.5);
        const barHeight = bar.value === null ? 0 : (Math.min(bar.value, max) / max) * plotHeight;
        const top = pad.top + plotHeight - barHeight;
        return (
          <g key={bar.key}>
            <rect
              className="chart__bar"
              x={center - barWidth / 2}
              y={top}
              width={barWidth}
              height={barHeight}
            />
            {bar.value !== null && (
              <text className="chart__value" x={center} y={top - 4} textAnchor="middle">
                {format(bar.value)}
              </text>
            )}
            <text className="chart__label" x={center} y={height - 6} textAnchor="middle">
              {bar.label}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
