import { Link } from '@tanstack/react-router';
import type { MyScore } from '@golf/shared/schemas/game';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatToParCell, toParTone } from '@/lib/format';
import { useMyScore } from '../api/get-my-score';

function RoundCell({ round }: { round: MyScore['rounds'][number] }) {
  if (round.score.kind === 'cancelled') return <span className="my-score-value">中止</span>;
  if (round.late_join)
    return (
      <span className="my-score-value my-score-value--late">
        途中参加
        {round.score.score !== null && <small>{formatToParCell(round.score.score)}</small>}
      </span>
    );
  if (round.score.kind === 'not_started' || round.score.score === null)
    return <span className="my-score-value">{round.has_team ? '-' : '未登録'}</span>;
  return (
    <span className="my-score-value to-par" data-tone={toParTone(round.score.score)}>
      {formatToParCell(round.score.score)}
    </span>
  );
}

/** The signed-in player's own team score beside the leaderboard: per round and in total. */
export function MyScoreCard({
  gameGlobalId,
  enabled,
}: {
  gameGlobalId: string | undefined;
  enabled: boolean;
}) {
  const { data, isPending, isError } = useMyScore(gameGlobalId, enabled);
  if (!enabled) return null;
  if (isPending)
    return (
      <section className="card" aria-label="あなたのチームのスコア">
        <Skeleton height={64} />
      </section>
    );
  if (isError || !data) return null;
  // Before the first deadline nothing is counted: no 速報 and no total (E would read as a score).
  const started = data.rounds.some((round) => round.status !== 'scheduled' && round.status !== 'cancelled');
  return (
    <section className="card my-score" aria-label="あなたのチームのスコア" data-testid="my-score">
      <header className="my-score-header">
        <h2 className="my-score-title">あなたのチーム</h2>
        {!started ? <Badge>開始前</Badge> : data.total.provisional && <Badge tone="live">速報</Badge>}
      </header>
      <ol className="my-score-rounds">
        {data.rounds.map((round) => (
          <li key={round.round}>
            <Link
              to="/schedule/round/$round"
              params={{ round: String(round.round) }}
              className="my-score-round"
              data-testid={`my-score-round-${round.round}`}
            >
              <span className="my-score-label">R{round.round}</span>
              <RoundCell round={round} />
            </Link>
          </li>
        ))}
        <li className="my-score-total">
          <span className="my-score-label">通算</span>
          {started ? (
            <span
              className="my-score-value to-par"
              data-tone={toParTone(data.total.score)}
              data-testid="my-score-total"
            >
              {formatToParCell(data.total.score)}
            </span>
          ) : (
            <span className="my-score-value" data-testid="my-score-total">
              -
            </span>
          )}
        </li>
      </ol>
      {!started && (
        <p className="my-score-note">
          大会はまだ始まっていません。第1ラウンドの締め切りのあとから、スコアを数えます。
        </p>
      )}
      {data.rounds.some((round) => round.late_join) && (
        <p className="my-score-note" data-testid="late-join-note">
          途中参加：登録前に締め切られたラウンドは、ルールどおりチームなし（そのラウンドの最下位のスコア＋1の4人分）で数えます。
        </p>
      )}
    </section>
  );
}
