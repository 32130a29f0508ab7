import type { RoundScoreView } from '@golf/shared/schemas/game';
import type { ScoreChange, ScoreChangeCause } from '@golf/shared/schemas/score-changes';
import { formatToPar, formatTokyoDateTime } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { useScoreChanges } from '../api/get-score-changes';

const causeLabels: Record<ScoreChangeCause, string> = {
  mark_final: '結果確定',
  correct_result: '結果の訂正',
  withdraw_player: '棄権',
  cancel_round: 'ラウンド中止',
  cancel_tournament: '大会中止',
  auto_replacement: '自動入れ替え',
  carry_over: '引き継ぎ',
};

function scoreText(score: RoundScoreView | null): string {
  if (!score || score.kind === 'not_started') return 'なし';
  if (score.kind === 'cancelled') return '中止';
  if (score.kind === 'pending' || score.score === null) return '集計中';
  return `${formatToPar(score.score)}（${score.provisional ? '速報' : '確定'}）`;
}

function ChangeItem({ change, showRound }: { change: ScoreChange; showRound: boolean }) {
  return (
    <li className="score-change" data-testid="score-change">
      <p className="score-change__head">
        <Badge tone={change.cause === 'mark_final' ? 'green' : 'gold'}>{causeLabels[change.cause]}</Badge>
        {showRound && <span>第{change.round}ラウンド</span>}
        <time dateTime={change.at}>{formatTokyoDateTime(change.at)}</time>
      </p>
      {(change.before || change.after) && (
        <p className="score-change__scores">
          スコア {scoreText(change.before)} → <strong>{scoreText(change.after)}</strong>
        </p>
      )}
      {change.replaced.map((r) => (
        <p key={r.slot} className="score-change__detail">
          ドラフト{r.slot}：{r.from_name ? `${r.from_name} → ` : ''}
          {r.to_name} (AUTO)
        </p>
      ))}
      {change.reason && <p className="score-change__detail">理由：{change.reason}</p>}
    </li>
  );
}

/**
 * Why my score moved: final marks, corrections (with the operator's reason), withdrawals,
 * cancellations and AUTO players, each with the score before and after, and my rank now.
 */
export function ScoreChanges({ gameGlobalId, round }: { gameGlobalId: string; round?: number }) {
  const { data } = useScoreChanges(gameGlobalId, round);
  if (!data || (round && data.changes.length === 0)) return null;
  return (
    <section
      className="card score-changes"
      aria-labelledby="score-changes-heading"
      data-testid="score-changes"
    >
      <h2 id="score-changes-heading" className="card-title">
        スコアの変更履歴
      </h2>
      {data.rank !== null && (
        <p className="score-changes__rank" data-testid="score-changes-rank">
          現在の順位：{data.rank}位{data.rank_provisional ? '（速報）' : ''}
        </p>
      )}
      {data.changes.length === 0 ? (
        <p className="score-change__detail">スコアの変更はまだありません。</p>
      ) : (
        <ol className="score-changes__list">
          {data.changes.map((change) => (
            <ChangeItem key={`${change.round}-${change.id}`} change={change} showRound={!round} />
          ))}
        </ol>
      )}
    </section>
  );
}
