import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { ownQuizRankingQueryOptions, quizRankingQueryOptions } from '@/features/ranking/api/get-rankings';
import {
  MyRankSlot,
  RankingKindTabs,
  RankingPager,
  RankingRoundTabs,
  RankingTable,
  RankJumpForm,
} from '@/features/ranking/components/ranking-parts';
import { useAuth } from '@/lib/auth';
import { quizRankingSearch } from '@/features/ranking/search/ranking-search';
import type { SearchOf } from '@/lib/search-params';

const searchSchema = quizRankingSearch;

export const Route = createFileRoute('/ranking/golf_q')({
  staticData: { page: { title: 'クイズランキング', stackType: 'dynamic', parent: '/' } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(quizRankingQueryOptions(deps.round, deps.page, deps.rank)),
  pendingComponent: () => <PageSkeleton cards={1} lines={8} />,
  component: QuizRankingPage,
});

function QuizRankingPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const { isAuthenticated, authUser } = useAuth();
  const ranking = useSuspenseQuery(quizRankingQueryOptions(search.round, search.page, search.rank)).data;
  const round = search.round ?? ranking.active_round ?? 1;
  const own = useQuery({ ...ownQuizRankingQueryOptions(round), enabled: isAuthenticated });
  const go = (next: Partial<SearchOf<typeof searchSchema>>) =>
    void navigate({ to: '/ranking/golf_q', search: { ...search, rank: undefined, ...next } });

  return (
    <div className="page-body">
      <RankingKindTabs />
      <RankingRoundTabs
        activeRound={ranking.active_round ?? 1}
        current={round}
        hrefFor={(r) => `/ranking/golf_q?round=${r}&page=1`}
      />
      <div className="ranking-controls">
        <p className="section__lead">正解数が多い順、同じなら合計時間が短い順です。</p>
        {ranking.is_provisional ? <Badge tone="live">受付中</Badge> : <Badge tone="green">確定</Badge>}
      </div>
      {isAuthenticated && (
        <MyRankSlot
          pending={own.isPending}
          row={own.data?.rankings[0]}
          onJump={(rank) => go({ rank, page: 1 })}
        />
      )}
      {ranking.rankings.length === 0 && ranking.is_provisional ? (
        // A round's ranking is published once its quiz has closed: ranks would tell scores.
        <EmptyState title={`第${round}ラウンドのクイズの順位は、受付が終わった後に発表します`} icon="quiz">
          このラウンドのエントリーの締め切りでクイズの受付が終わると、正解数と合計時間の順位をここに表示します。
          <AppLink href="/quiz" className="text-link">
            クイズに挑戦する
          </AppLink>
        </EmptyState>
      ) : ranking.rankings.length === 0 ? (
        <EmptyState title="クイズランキングはまだありません" icon="quiz">
          クイズに挑戦した人の記録が、ここに表示されます。
          <AppLink href="/quiz" className="text-link">
            クイズに挑戦する
          </AppLink>
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
        onPage={(page) => go({ page })}
      />
      <RankJumpForm onJump={(rank) => go({ rank, page: 1 })} />
    </div>
  );
}
