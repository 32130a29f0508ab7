import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { myGuildQueryOptions } from '@/features/guild/api/guild-queries';
import { guildRankingQueryOptions, type GuildRankingTab } from '@/features/ranking/api/get-rankings';
import { RankingKindTabs, RankingRoundTabs, RankingTable } from '@/features/ranking/components/ranking-parts';
import { RankedTeam } from '@/features/ranking/components/ranked-team';
import { useAuth } from '@/lib/auth';
import { guildRankingSearch } from '@/features/ranking/search/ranking-search';

const searchSchema = guildRankingSearch;

export const Route = createFileRoute('/ranking/guild')({
  staticData: { page: { title: 'ギルドランキング', stackType: 'dynamic', parent: '/' } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(guildRankingQueryOptions(deps.tab, deps.round, deps.page)),
  pendingComponent: () => <PageSkeleton cards={1} lines={8} />,
  component: GuildRankingPage,
});

const tabs: ReadonlyArray<{ tab: GuildRankingTab; label: string; lead: string }> = [
  { tab: 'all', label: '全体', lead: 'エントリーしたメンバーの平均スコアで競います。' },
  { tab: 'total', label: '合計', lead: '上位4人のスコアの合計で競います（4人以上エントリーしたギルド）。' },
  { tab: 'member', label: 'メンバー', lead: 'あなたのギルドのメンバーの順位です。' },
];

function GuildRankingPage() {
  const search = Route.useSearch();
  const { authUser, isAuthenticated } = useAuth();
  const ranking = useSuspenseQuery(guildRankingQueryOptions(search.tab, search.round, search.page)).data;
  const myGuild = useQuery({ ...myGuildQueryOptions(), enabled: isAuthenticated }).data?.guild;
  const round = search.round ?? ranking.active_round ?? 1;
  const [allTeams, setAllTeams] = useState(false);
  const mine = (id: string) =>
    search.tab === 'member' ? id === authUser?.['user_id'] : id === myGuild?.guild_id;
  return (
    <div className="page-body">
      <RankingKindTabs />
      <nav className="segmented" aria-label="ギルドランキングの種類">
        {tabs.map(({ tab, label }) => (
          <Link
            key={tab}
            to="/ranking/guild"
            search={{ ...search, tab, page: 1 }}
            className="segmented__item"
            aria-current={tab === search.tab ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      <RankingRoundTabs
        activeRound={ranking.active_round ?? 1}
        current={round}
        hrefFor={(r) => `/ranking/guild?tab=${search.tab}&round=${r}&page=1`}
      />
      <div className="ranking-controls">
        <p className="section__lead">{tabs.find((t) => t.tab === search.tab)!.lead}</p>
        {ranking.is_provisional ? <Badge tone="live">速報</Badge> : <Badge tone="green">確定</Badge>}
      </div>
      {ranking.rankings.length === 0 ? (
        search.tab === 'member' && !myGuild ? (
          <EmptyState title="ギルドに参加していません" icon="guild">
            <AppLink href="/guild" className="text-link">
              ギルドを探す・作る
            </AppLink>
          </EmptyState>
        ) : (
          <EmptyState title="ランキングはまだありません" icon="ranking">
            ラウンドの結果が出ると、ここに順位が表示されます。
          </EmptyState>
        )
      ) : (
        <>
          {search.tab === 'member' && (
            <button
              type="button"
              className="button button--outline button--small"
              aria-pressed={allTeams}
              onClick={() => setAllTeams(!allTeams)}
            >
              {allTeams ? 'チームを閉じる' : `メンバー全員の第${round}ラウンドのチームを見る`}
            </button>
          )}
          <RankingTable
            rows={ranking.rankings}
            title={ranking.title}
            nameHeader={search.tab === 'member' ? 'ニックネーム' : 'ギルド'}
            isMine={(row) => mine(row.user_id)}
            nameOf={(row) =>
              row.guild_id ? (
                <Link to="/guild/$id/show" params={{ id: row.guild_id }}>
                  {row.nickname}
                </Link>
              ) : (
                <RankedTeam userId={row.user_id} nickname={row.nickname} round={round} openAll={allTeams} />
              )
            }
          />
        </>
      )}
      {ranking.last_page > 1 && (
        <nav className="pager" aria-label="ページ">
          <Link
            to="/ranking/guild"
            search={{ ...search, page: Math.max(1, search.page - 1) }}
            className="button button--outline"
            disabled={search.page <= 1}
          >
            前へ
          </Link>
          <span className="pager__status">
            {ranking.current_page} / {ranking.last_page}
          </span>
          <Link
            to="/ranking/guild"
            search={{ ...search, page: Math.min(ranking.last_page, search.page + 1) }}
            className="button button--outline"
            disabled={search.page >= ranking.last_page}
          >
            次へ
          </Link>
        </nav>
      )}
    </div>
  );
}
