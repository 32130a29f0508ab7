import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { personalRankings } from '@golf/shared/game/personal-ranking';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { ownRankingQueryOptions, personalRankingQueryOptions } from '@/features/ranking/api/get-rankings';
import {
  MyRankSlot,
  RankingKindTabs,
  RankingRoundTabs,
  RankingPager,
  RankJumpForm,
  RankingTable,
} from '@/features/ranking/components/ranking-parts';
import { RankedTeam } from '@/features/ranking/components/ranked-team';
import { TournamentWinners } from '@/features/prize/components/tournament-winners';
import { defaultTournament } from '@golf/shared/schedule/derive-schedule';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import { TournamentSwitcher } from '@/features/schedule/components/tournament-switcher';
import { useAuth } from '@/lib/auth';
import { personalRankingSearch } from '@/features/ranking/search/ranking-search';
import type { SearchOf } from '@/lib/search-params';

const searchSchema = personalRankingSearch;

export const Route = createFileRoute('/ranking/golf/personal')({
  staticData: { page: { title: 'ランキング', stackType: 'dynamic', parent: '/' } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(schedulesQueryOptions()),
      context.queryClient.ensureQueryData(personalRankingQueryOptions(deps)),
    ]),
  pendingComponent: () => <PageSkeleton cards={1} lines={8} />,
  component: PersonalRankingPage,
});

function PersonalRankingPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const { isAuthenticated, authUser } = useAuth();
  const myId = authUser?.['user_id'];
  const ranking = useSuspenseQuery(personalRankingQueryOptions(search)).data;
  const round = search.round ?? ranking.active_round ?? 1;
  const own = useQuery({
    ...ownRankingQueryOptions(search.round, search.game_global_id),
    enabled: isAuthenticated,
  });
  const schedules = useSchedules();
  const shown = search.game_global_id ?? defaultTournament('results', schedules)?.game_global_id;
  const mine = own.data?.rankings.find((row) => row.type === search.type);
  const go = (next: Partial<SearchOf<typeof searchSchema>>) =>
    void navigate({ to: '/ranking/golf/personal', search: { ...search, rank: undefined, ...next } });

  return (
    <div className="page-body">
      <RankingKindTabs />
      {schedules.length > 1 && shown && (
        <TournamentSwitcher
          schedules={schedules}
          value={shown}
          onChange={(id) => go({ game_global_id: id, round: undefined, page: 1 })}
        />
      )}
      <RankingRoundTabs
        activeRound={ranking.active_round ?? 1}
        current={round}
        hrefFor={(r) =>
          `/ranking/golf/personal?${search.game_global_id ? `game_global_id=${encodeURIComponent(search.game_global_id)}&` : ''}round=${r}&type=${search.type}&page=1`
        }
      />
      <div className="ranking-controls">
        <select
          className="form-control"
          aria-label="ランキングの種類"
          value={search.type}
          onChange={(event) => go({ type: Number(event.target.value), page: 1 })}
        >
          {personalRankings.map(({ type, label }) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </select>
        {ranking.is_provisional ? <Badge tone="live">速報</Badge> : <Badge tone="green">確定</Badge>}
      </div>
      <p className="section__lead">{personalRankings.find((row) => row.type === search.type)?.lead}</p>

      {isAuthenticated && <MyRankSlot pending={own.isPending} row={mine} onJump={(rank) => go({ rank })} />}

      {ranking.rankings.length === 0 ? (
        <EmptyState title="ランキングはまだありません" icon="ranking">
          ラウンドの結果が出ると、ここに順位が表示されます。
        </EmptyState>
      ) : (
        <RankingTable
          rows={ranking.rankings}
          title={ranking.title}
          nameHeader="ニックネーム"
          isMine={(row) => row.user_id === myId}
          highlightRank={search.rank}
          nameOf={(row) =>
            row.is_withdrawn || !isAuthenticated ? (
              row.is_withdrawn ? (
                '退会したユーザー'
              ) : (
                row.nickname
              )
            ) : (
              <RankedTeam
                userId={row.user_id}
                nickname={row.nickname}
                round={round}
                gameGlobalId={search.game_global_id}
              />
            )
          }
        />
      )}

      <RankingPager
        currentPage={ranking.current_page}
        lastPage={ranking.last_page}
        onPage={(page) => go({ page })}
      />
      <RankJumpForm onJump={(rank) => go({ rank, page: 1 })} />
      <TournamentWinners gameGlobalId={shown} myId={myId} />
    </div>
  );
}
