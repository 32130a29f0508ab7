import { ChartFrame, chartHeight as height, chartWidth as width } from './chart-frame';

export interface ChartPoint {
  key: string;
  /** null leaves a gap in the line. */
  value: number | null;
}

const pad = { left: 40, right: 12, top: 12, bottom: 26 };
const plotWidth = width - pad.left - pad.right;
const plotHeight = height - pad.top - pad.bottom;

/** x of the i-th of n points: spread over the plot, one point in its middle. */
export const pointX = (index: number, count: number) =>
  pad.left + (count <= 1 ? plotWidth / 2 : (index * plotWidth) / (count - 1));

/**
 * A line over ordered points, drawn so that better is higher: with `lowerIsBetter` (golf scores,
 * ranks) the lowest value is at the top. Gaps (null) break the line; every value has a dot, so a
 * single point still shows. The SVG is an image with a title and a description; the figures
 * themselves are for a table beside it.
 */
export function LineChart({
  title,
  description,
  points,
  lowerIsBetter,
  format,
  marks = [],
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  lowerIsBetter: boolean;
  format: (value: number) => string;
  /** Labels under the x axis, at a point's index (the day a round was played). */
  marks?: ReadonlyArray<{ index: number; label: string }>;
}) {
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const [min, max] = low === high ? [low - 1, high + 1] : [low, high];
  const y = (value: number) =>
    pad.top + ((lowerIsBetter ? value - min : max - value) / (max - min)) * plotHeight;
  const segments: string[][] = [[]];
  points.forEach((p, i) => {
    if (p.value === null) segments.push([]);
    else segments.at(-1)!.push(`${pointX(i, points.length).toFixed(1)},${y(p.value).toFixed(1)}`);
  });
  const [best, worst] = lowerIsBetter ? [min, max] : [max, min];
  return (
    <ChartFrame title={title} description={description}>
      {values.length > 0 && (
        <g className="chart__axis">
          <line x1={pad.left} y1={pad.top} x2={width - pad.right} y2={pad.top} />
          <line x1={pad.left} y1={pad.top + plotHeight} x2={width - pad.right} y2={pad.top + plotHeight} />
          <text x={pad.left - 6} y={y(best)} textAnchor="end" dominantBaseline="middle">
            {format(best)}
          </text>
          <text x={pad.left - 6} y={y(worst)} textAnchor="end" dominantBaseline="middle">
            {format(worst)}
          </text>
        </g>
      )}
      {marks.map((mark) => (
        <g key={mark.index} className="chart__mark">
          <line
            x1={pointX(mark.index, points.length)}
            y1={pad.top}
            x2={pointX(mark.index, points.length)}
            y2={pad.top + plotHeight + 4}
          />
          <text x={pointX(mark.index, points.length)} y={height - 6} textAnchor="middle">
            {mark.label}
          </text>
        </g>
      ))}
      {segments
        .filter((segment) => segment.length > 1)
        .map((segment) => (
          <polyline key={segment[0]} className="chart__line" points={segment.join(' ')} />
        ))}
      {points.map((p, i) =>
        p.value === null ? null : (
          <circle key={p.key} className="chart__dot" cx={pointX(i, points.length)} cy={y(p.value)} r={3} />
        ),
      )}
    </ChartFrame>
  );
}
