import type { SeasonStats } from '@golf/shared/schemas/game';
import { formatAmateurValue, formatYen } from '@golf/shared/game/format';
import { formatNumber, formatRate } from '../utils/labels';

export function statRows(stats: SeasonStats, isAmateur: boolean): [string, string][] {
  return [
    ['平均スコア', formatNumber(stats.average_score, 2)],
    ['平均飛距離', stats.driving_distance === null ? '-' : `${stats.driving_distance.toFixed(1)}y`],
    ['フェアウェイキープ率', formatRate(stats.fairway_rate)],
    ['パーオン率', formatRate(stats.green_in_regulation_rate)],
    ['平均パット', formatNumber(stats.average_putts, 3)],
    ['リカバリー率', formatRate(stats.scrambling_rate)],
    ['バーディー率', formatRate(stats.birdie_rate)],
    ['トップ10', stats.top10_count === null ? '-' : `${stats.top10_count}回`],
    [
      '獲得賞金',
      isAmateur
        ? '-'
        : formatAmateurValue(stats.earnings_yen, (n) =>
            n >= 10_000 ? formatYen(Math.round(n / 10_000)).replace('円', '万円') : formatYen(n),
          ),
    ],
  ];
}

/** Season stats as a two-column list. */
export function PlayerStats({ stats, isAmateur }: { stats: SeasonStats; isAmateur: boolean }) {
  return (
    <dl className="stat-list">
      {statRows(stats, isAmateur).map(([label, value]) => (
        <div key={label} className="stat-list__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
