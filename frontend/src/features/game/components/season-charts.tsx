import type { SeasonHistory, SeasonRound } from '@golf/shared/schemas/season-history';
import { formatToPar } from '@golf/shared/game/format';
import { formatYearlyPoints, MAX_POINTS } from '@golf/shared/game/yearly-points';
import { BarChart } from '@/components/ui/bar-chart';
import { EmptyState } from '@/components/ui/empty-state';
import { LineChart } from '@/components/ui/line-chart';
import { SkeletonCard } from '@/components/ui/skeleton';
import { useSeasonHistory } from '../api/get-season-history';

/** A day's short label on the charts, 11/27 (the table beside names each tournament in full). */
const dayLabel = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
/** As many rounds as the line charts can label each with its own day; beyond, each tournament's first. */
const labelEveryRoundUpTo = 8;
const rankText = (rank: number) => `${rank}位`;

function seasonRounds(season: SeasonHistory) {
  return season.tournaments.flatMap((tournament) =>
    tournament.rounds
      .filter((round) => !round.cancelled)
      .map((round) => ({ key: `${tournament.game_global_id}-R${round.round}`, tournament, round })),
  );
}

/** What a chart shows, said in words: its span, best and worst, and where the figures are. */
function describe(
  what: string,
  values: number[],
  best: (v: number[]) => number,
  worst: (v: number[]) => number,
  format: (v: number) => string,
  span: string,
) {
  if (values.length === 0) return `${what}はまだありません。`;
  return `${span}の${what}。最高 ${format(best(values))}、最低 ${format(worst(values))}。上ほど良い成績です。数値は下の表にあります。`;
}

function RoundCharts({ season }: { season: SeasonHistory }) {
  const rounds = seasonRounds(season);
  const first = rounds[0];
  const last = rounds.at(-1);
  const span =
    first && last
      ? `${first.tournament.tournament_name} 第${first.round.round}ラウンドから${last.tournament.tournament_name} 第${last.round.round}ラウンドまで`
      : '';
  // Each mark is the day its round was played, never the tournament's first day for all its rounds.
  const marks = rounds.flatMap((r, index) =>
    rounds.length <= labelEveryRoundUpTo || index === 0 || rounds[index - 1]!.tournament !== r.tournament
      ? [{ index, label: dayLabel(r.round.play_on) }]
      : [],
  );
  const lowest = (v: number[]) => Math.min(...v);
  const highest = (v: number[]) => Math.max(...v);
  // Both lower-is-better figures, so both charts draw the best at the top.
  const lines = [
    {
      testId: 'season-score-chart',
      caption: 'ラウンドスコア',
      title: 'ラウンドスコアの推移',
      format: formatToPar,
      valueOf: (r: SeasonRound) => r.score,
    },
    {
      testId: 'season-rank-chart',
      caption: 'ラウンド終了時の順位',
      title: '順位の推移',
      format: rankText,
      valueOf: (r: SeasonRound) => r.rank,
    },
  ].map((line) => ({
    ...line,
    values: rounds.flatMap((r) => {
      const value = line.valueOf(r.round);
      return value === null ? [] : [value];
    }),
  }));
  return (
    <div className="card season-charts__block">
      <h3 className="season-charts__title">ラウンドごとのスコアと順位</h3>
      {lines.map((line) => (
        <figure key={line.testId} className="season-charts__figure" data-testid={line.testId}>
          <figcaption>{line.caption}</figcaption>
          <LineChart
            title={line.title}
            description={describe(line.caption, line.values, lowest, highest, line.format, span)}
            points={rounds.map((r) => ({ key: r.key, value: line.valueOf(r.round) }))}
            lowerIsBetter
            format={line.format}
            marks={marks}
          />
        </figure>
      ))}
      <table className="season-table" data-testid="season-round-table">
        <caption>ラウンドごとのスコアと順位</caption>
        <thead>
          <tr>
            <th scope="col">大会</th>
            <th scope="col">ラウンド</th>
            <th scope="col">スコア</th>
            <th scope="col">順位</th>
          </tr>
        </thead>
        <tbody>
          {season.tournaments.flatMap((tournament) =>
            tournament.rounds.map((round) => (
              <tr key={`${tournament.game_global_id}-R${round.round}`}>
                <th scope="row">{tournament.tournament_name}</th>
                <td>第{round.round}R</td>
                <td className="season-table__number">
                  {round.cancelled ? '中止' : round.score === null ? '集計中' : formatToPar(round.score)}
                </td>
                <td className="season-table__number">
                  {round.rank === null ? '－' : `${round.rank}位 / ${round.ranked}人`}
                </td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}

function PointCharts({ season }: { season: SeasonHistory }) {
  const points = season.tournaments.flatMap((t) => (t.points === null ? [] : [t.points]));
  const total = points.reduce((sum, p) => sum + p, 0);
  return (
    <div className="card season-charts__block">
      <h3 className="season-charts__title">大会ごとの年間ポイント</h3>
      <figure className="season-charts__figure" data-testid="season-points-chart">
        <figcaption>年間ポイント（合計 {formatYearlyPoints(total)}）</figcaption>
        <BarChart
          title="大会ごとの年間ポイント"
          description={
            points.length === 0
              ? '年間ポイントはまだありません。'
              : `${season.tournaments.length}大会で合計 ${formatYearlyPoints(total)}。最高 ${formatYearlyPoints(Math.max(...points))}（1大会 ${formatYearlyPoints(MAX_POINTS)} まで）。数値は下の表にあります。`
          }
          bars={season.tournaments.map((t) => ({
            key: t.game_global_id,
            label: dayLabel(t.start_on),
            value: t.points,
          }))}
          max={MAX_POINTS}
          format={(value) => String(value)}
        />
      </figure>
      <table className="season-table" data-testid="season-points-table">
        <caption>大会ごとの年間ポイント</caption>
        <thead>
          <tr>
            <th scope="col">大会</th>
            <th scope="col">ポイント</th>
            <th scope="col">参加人数</th>
          </tr>
        </thead>
        <tbody>
          {season.tournaments.map((t) => (
            <tr key={t.game_global_id}>
              <th scope="row">
                {t.tournament_name}
                {t.provisional && <span className="season-table__note">（速報）</span>}
              </th>
              <td className="season-table__number">
                {t.points === null ? '－' : formatYearlyPoints(t.points)}
              </td>
              <td className="season-table__number">{t.entrants}人</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** My page's season: round scores and ranks over the season (lines), points per tournament (bars). */
export function SeasonCharts() {
  const { data, isError } = useSeasonHistory();
  return (
    <section
      className="section season-charts"
      aria-labelledby="season-charts-heading"
      data-testid="season-charts"
    >
      <h2 id="season-charts-heading" className="section__title">
        {data ? `${data.season_id}年シーズンの成績` : 'シーズンの成績'}
      </h2>
      {isError ? (
        <p className="muted">シーズンの成績を読み込めませんでした。時間をおいて開き直してください。</p>
      ) : !data ? (
        <SkeletonCard lines={4} />
      ) : data.tournaments.length === 0 ? (
        <EmptyState title="今シーズンの成績はまだありません" icon="ranking">
          大会にエントリーすると、ラウンドごとのスコアと順位、大会ごとの年間ポイントがここに表示されます。
        </EmptyState>
      ) : (
        <>
          <RoundCharts season={data} />
          <PointCharts season={data} />
        </>
      )}
    </section>
  );
}
