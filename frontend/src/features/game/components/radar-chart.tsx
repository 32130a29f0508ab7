import type { Indicators } from '@golf/shared/schemas/game';
import { indicatorKeys, indicatorLabels } from '../utils/labels';

const size = 260;
const center = size / 2;
const radius = 88;

function point(index: number, value: number): [number, number] {
  const angle = (Math.PI * 2 * index) / indicatorKeys.length - Math.PI / 2;
  const r = (radius * value) / 100;
  return [center + r * Math.cos(angle), center + r * Math.sin(angle)];
}

const polygon = (values: number[]) =>
  values
    .map((value, index) =>
      point(index, value)
        .map((n) => n.toFixed(1))
        .join(','),
    )
    .join(' ');

/** The six 0-100 indicators as a hexagon; a second set is drawn as an outline for comparison. */
export function RadarChart({ indicators, compare }: { indicators: Indicators; compare?: Indicators }) {
  return (
    <svg
      className="radar"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={indicatorKeys.map((key) => `${indicatorLabels[key]} ${indicators[key]}`).join('、')}
    >
      {[25, 50, 75, 100].map((level) => (
        <polygon key={level} className="radar__grid" points={polygon(indicatorKeys.map(() => level))} />
      ))}
      {indicatorKeys.map((key, index) => {
        const [x, y] = point(index, 100);
        const [lx, ly] = point(index, 122);
        return (
          <g key={key}>
            <line className="radar__axis" x1={center} y1={center} x2={x} y2={y} />
            <text className="radar__label" x={lx} y={ly} textAnchor="middle" dominantBaseline="middle">
              {indicatorLabels[key]}
            </text>
          </g>
        );
      })}
      {compare && (
        <polygon
          className="radar__area radar__area--compare"
          points={polygon(indicatorKeys.map((key) => compare[key]))}
        />
      )}
      <polygon className="radar__area" points={polygon(indicatorKeys.map((key) => indicators[key]))} />
    </svg>
  );
}
