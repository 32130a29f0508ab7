import type { Indicators } from '@golf/shared/schemas/game';
import { indicatorKeys, indicatorLabels } from '../utils/labels';

/** The six indicators as short bars (0-100). */
export function IndicatorBars({ indicators }: { indicators: Indicators }) {
  return (
    <dl className="indicator-bars">
      {indicatorKeys.map((key) => (
        <div key={key} className="indicator-bars__row">
          <dt>{indicatorLabels[key]}</dt>
          <dd>
            <span className="indicator-bars__track">
              <span className="indicator-bars__fill" style={{ width: `${indicators[key]}%` }} />
            </span>
            <span className="indicator-bars__value">{indicators[key]}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
