import { createFileRoute, Link } from '@tanstack/react-router';
import { currentTournament } from '@golf/shared/schedule/derive-schedule';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { SkeletonCard } from '@/components/ui/skeleton';
import { FeatureTiles } from '@/features/home/components/feature-tiles';
import { Hero } from '@/features/home/components/hero';
import { HowToSteps } from '@/features/home/components/how-to-steps';
import { LatestTopics } from '@/features/topics/components/latest-topics';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import { TournamentCard } from '@/features/schedule/components/tournament-card';
import { useAuth } from '@/lib/auth';
import { useNow } from '@/lib/use-now';

export const Route = createFileRoute('/')({
  staticData: { page: { title: null, stackType: 'unset', layout: 'landing', visitorAllowed: true } },
  loader: ({ context }) => context.queryClient.ensureQueryData(schedulesQueryOptions()),
  pendingComponent: TopPageSkeleton,
  component: TopPage,
});

const tournamentHeadings: Record<Schedule['status'], string> = {
  in_progress: '開催中の大会',
  upcoming: '次の大会',
  finished: '最近の大会',
  cancelled: '最近の大会',
};

function TopPageSkeleton() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <Hero isAuthenticated={isAuthenticated} />
      <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
        <SkeletonCard lines={6} />
      </div>
    </>
  );
}

function TopPage() {
  const { isAuthenticated } = useAuth();
  const featured = currentTournament(useSchedules());
  const now = useNow(30_000);
  return (
    <>
      <Hero isAuthenticated={isAuthenticated} />
      <div className="page-body">
        <section className="section" aria-labelledby="top-tournament-heading">
          <h2 id="top-tournament-heading" className="section__title">
            {featured ? tournamentHeadings[featured.status] : '大会情報'}
          </h2>
          {featured ? (
            <TournamentCard schedule={featured} now={now} />
          ) : (
            <EmptyState title="開催予定の大会はありません">次の大会が決まりしだいお知らせします。</EmptyState>
          )}
          <Link to="/gametop" className="text-link text-link--end">
            ゲームトップへ
            <Icon name="next" size={14} />
          </Link>
        </section>
        <LatestTopics />
        <section className="section" aria-labelledby="top-features-heading">
          <h2 id="top-features-heading" className="section__title">
            ゲームを楽しむ
          </h2>
          <FeatureTiles />
        </section>
        <section className="section" aria-labelledby="top-howto-heading">
          <h2 id="top-howto-heading" className="section__title">
            遊び方
          </h2>
          <HowToSteps />
        </section>
      </div>
    </>
  );
}
