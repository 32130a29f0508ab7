import { Link } from '@tanstack/react-router';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { AppLink } from '@/components/ui/app-link';
import { formatDeadline } from '@/lib/format';
import { useMyScore } from '../api/get-my-score';

/**
 * For a player who joined a tournament after some of its rounds had closed: what they can still
 * play for, first. The open round with its deadline, that round's ranking, the prizes, and the next
 * tournament. Nothing for a player who has been in from the start.
 */
export function StillToWin({
  tournament,
  openRound,
  next,
}: {
  tournament: Schedule;
  openRound: Schedule['rounds'][number] | undefined;
  next: Schedule | undefined;
}) {
  const { data } = useMyScore(tournament.game_global_id, true);
  if (!data?.rounds.some((round) => round.late_join)) return null;
  // A team saved for the open round turns the call to action into a way back to it.
  const entered = openRound ? data.rounds.some((r) => r.round === openRound.round && r.has_team) : false;
  return (
    <section className="card still-to-win" aria-labelledby="still-to-win-heading" data-testid="still-to-win">
      <h2 id="still-to-win-heading" className="card-title">
        {openRound
          ? entered
            ? `ラウンド${openRound.round}にエントリー済みです`
            : `ラウンド${openRound.round}から参加できます`
          : 'これから参加できる大会'}
      </h2>
      {openRound ? (
        <>
          <p className="muted">
            {tournament.tournament_name}のラウンド{openRound.round}は{formatDeadline(openRound.deadline_at)}
            です。ラウンドごとの順位と賞品をめざしましょう。
          </p>
          <div className="still-to-win__links">
            <Link
              to="/schedule/round/$round"
              params={{ round: String(openRound.round) }}
              className="button button--primary button--small"
            >
              {entered ? 'チームを見る' : 'チームを編成する'}
            </Link>
            <Link
              to="/ranking/golf/personal"
              search={{ round: openRound.round }}
              className="button button--outline button--small"
            >
              ラウンド{openRound.round}のランキング
            </Link>
            <AppLink href="/prize" className="button button--outline button--small">
              賞品を見る
            </AppLink>
          </div>
        </>
      ) : (
        <p className="muted">この大会で受付中のラウンドはありません。</p>
      )}
      {next && (
        <p className="muted" data-testid="next-tournament">
          次の大会：{next.tournament_name}（{next.tournament_display_start_on}
          から）。第1ラウンドから参加できます。
        </p>
      )}
    </section>
  );
}
