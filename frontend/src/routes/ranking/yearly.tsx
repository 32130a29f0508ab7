import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { ownYearlyRankingQueryOptions, yearlyRankingQueryOptions } from '@/features/ranking/api/get-rankings';
import {
  MyRankSlot,
  RankingKindTabs,
  RankingPager,
  RankingTable,
} from '@/features/ranking/components/ranking-parts';
import { useAuth } from '@/lib/auth';
import { yearlyRankingSearch } from '@/features/ranking/search/ranking-search';
import type { SearchOf } from '@/lib/search-params';

const searchSchema = yearlyRankingSearch;

export const Route = createFileRoute('/ranking/yearly')({
  staticData: { page: { title: '年間ランキング', stackType: 'dynamic', parent: '/' } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(yearlyRankingQueryOptions(deps.page, deps.rank)),
  pendingComponent: () => <PageSkeleton cards={1} lines={8} />,
  component: YearlyRankingPage,
});

function YearlyRankingPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const { isAuthenticated, authUser } = useAuth();
  const ranking = useSuspenseQuery(yearlyRankingQueryOptions(search.page, search.rank)).data;
  const own = useQuery({ ...ownYearlyRankingQueryOptions(), enabled: isAuthenticated });
  const go = (next: Partial<SearchOf<typeof searchSchema>>) =>
    void navigate({ to: '/ranking/yearly', search: { page: search.page, ...next } });
  return (
    <div className="page-body">
      <RankingKindTabs />
      <div className="ranking-controls">
        <p className="section__lead">大会ごとの順位に応じたポイントの、シーズンの合計です。</p>
        {ranking.is_provisional ? <Badge tone="live">速報</Badge> : <Badge tone="green">確定</Badge>}
      </div>
      {isAuthenticated && (
        <MyRankSlot
          pending={own.isPending}
          row={own.data?.rankings[0]}
          onJump={(rank) => go({ rank, page: 1 })}
        />
      )}
      {ranking.rankings.length === 0 ? (
        <EmptyState title="年間ランキングはまだありません" icon="ranking">
          大会の結果が出ると、ここに順位が表示されます。
        </EmptyState>
      ) : (
        <RankingTable
          rows={ranking.rankings}
          title={ranking.title}
          nameHeader="ニックネーム"
          isMine={(row) => row.user_id === authUser?.['user_id']}
          highlightRank={search.rank}
        />
      )}
      <RankingPager
        currentPage={ranking.current_page}
        lastPage={ranking.last_page}
        onPage={(page) => go({ page, rank: undefined })}
      />
    </div>
  );
}
