import { createFileRoute, Link } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import {
  tournamentScoreQueryOptions,
  useTournamentScore,
} from '@/features/schedule/api/get-tournament-score';
import { LeaderboardTable } from '@/features/schedule/components/leaderboard-table';
import { RoundPhaseBadge } from '@/features/schedule/components/round-phase-badge';
import { TournamentSummary } from '@/features/schedule/components/tournament-summary';
import { TournamentSwitcher } from '@/features/schedule/components/tournament-switcher';
import { roundPhase } from '@/features/schedule/utils/tournament';
import { MyScoreCard } from '@/features/game/components/my-score-card';
import { TournamentLiveRound } from '@/features/game/components/live-round';
import { useAuth } from '@/lib/auth';
import { useNow } from '@/lib/use-now';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/schedule/score')({
  staticData: {
    page: {
      title: 'リーダーボード',
      stackType: 'dynamic',
      parent: '/gametop',
      visitorAllowed: true,
      pageType: 'game',
    },
  },
  // The API's `game_global_id` (tournamentScoreQuerySchema); a malformed id in a shared link shows
  // the current tournament rather than an error.
  validateSearch: pageSearch({ game_global_id: optionalText(64, 1) }),
  loaderDeps: ({ search }) => ({ gameGlobalId: search.game_global_id }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(schedulesQueryOptions()),
      context.queryClient.ensureQueryData(tournamentScoreQueryOptions(deps.gameGlobalId)),
    ]),
  pendingComponent: LeaderboardSkeleton,
  component: LeaderboardPage,
});

function LeaderboardSkeleton() {
  return (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <Skeleton height={48} radius={12} />
      <SkeletonCard lines={2} />
      <div className="card skeleton-card">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height={28} />
        ))}
      </div>
    </div>
  );
}

function LeaderboardPage() {
  const { game_global_id: gameGlobalId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const schedules = useSchedules();
  const { schedule, is_provisional: isProvisional, leaderboard } = useTournamentScore(gameGlobalId);
  const now = useNow(30_000);
  const { isAuthenticated } = useAuth();

  return (
    <div className="page-body">
      {schedules.length > 1 && (
        <TournamentSwitcher
          schedules={schedules}
          value={schedule.game_global_id}
          onChange={(id) => void navigate({ search: { game_global_id: id } })}
        />
      )}
      <section className="card">
        <TournamentSummary schedule={schedule} badges={isProvisional && <Badge tone="live">速報</Badge>} />
        <ul className="round-chips" aria-label="ラウンドの状況">
          {schedule.rounds.map((round) => (
            <li key={round.round}>
              <span>R{round.round}</span>
              <RoundPhaseBadge phase={roundPhase(round, now)} />
            </li>
          ))}
        </ul>
        {[...new Set([schedule.cancel_note, ...schedule.rounds.map((round) => round.cancel_note)])]
          .filter((note): note is string => Boolean(note))
          .map((note) => (
            <p key={note} className="notice" data-testid="cancel-note">
              {note}
            </p>
          ))}
      </section>

      <MyScoreCard gameGlobalId={gameGlobalId} enabled={isAuthenticated} />

      {schedule.status === 'in_progress' && (
        <TournamentLiveRound
          gameGlobalId={schedule.game_global_id}
          rounds={schedule.rounds}
          signedIn={isAuthenticated}
        />
      )}

      {leaderboard.length > 0 && leaderboard.every((row) => row.total_to_par === null) && (
        <p className="notice">大会開始前のため、スコアはまだありません。出場予定の選手を表示しています。</p>
      )}
      {leaderboard.length === 0 ? (
        <EmptyState>第1ラウンドが始まると、ここに順位が表示されます。</EmptyState>
      ) : (
        <section className="card card--flush" aria-label="リーダーボード">
          <LeaderboardTable rows={leaderboard} />
          <p className="table-note">
            <span className="to-par" data-tone="under">
              赤字
            </span>
            はアンダーパー。
            {isProvisional && '速報値のため、確定時に変わることがあります。'}
          </p>
        </section>
      )}

      <Link to="/gametop" className="card link-card">
        <LinkCardBody icon="flag" title="ゲームトップ" text="ラウンドごとの締切とチーム編成" />
      </Link>
    </div>
  );
}
