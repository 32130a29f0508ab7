import { createFileRoute, Link } from '@tanstack/react-router';
import { currentTournament } from '@golf/shared/schedule/derive-schedule';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { PageSkeleton } from '@/components/ui/skeleton';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import { DeadlineCountdown } from '@/features/schedule/components/deadline-countdown';
import { RoundCard } from '@/features/schedule/components/round-card';
import { TournamentSummary } from '@/features/schedule/components/tournament-summary';
import { openRound } from '@/features/schedule/utils/tournament';
import { useNow } from '@/lib/use-now';

export const Route = createFileRoute('/gametop')({
  staticData: {
    page: { title: 'ゲームトップ', stackType: 'static', parent: '/', visitorAllowed: true, pageType: 'game' },
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(schedulesQueryOptions()),
  pendingComponent: () => <PageSkeleton cards={3} />,
  component: GameTopPage,
});

function GameTopPage() {
  const tournament = currentTournament(useSchedules());
  const now = useNow(30_000);
  if (!tournament) {
    return (
      <div className="page-body">
        <EmptyState title="開催予定の大会はありません">次の大会が決まりしだいお知らせします。</EmptyState>
      </div>
    );
  }
  const open = openRound(tournament, now);
  return (
    <div className="page-body">
      <section className="card">
        <TournamentSummary schedule={tournament} />
      </section>

      {open ? (
        <section className="card entry-panel" aria-labelledby="entry-panel-heading">
          <h2 id="entry-panel-heading" className="entry-panel__title">
            ラウンド {open.round} エントリー受付中
          </h2>
          <DeadlineCountdown deadline={open.deadline_at} />
          {open.deadline_note && <p className="notice">{open.deadline_note}</p>}
          <Link
            to="/schedule/round/$round"
            params={{ round: String(open.round) }}
            className="button button--primary button--block"
          >
            チームを編成する
          </Link>
        </section>
      ) : (
        <section className="card entry-panel entry-panel--closed">
          <p className="entry-panel__title">現在エントリーを受け付けているラウンドはありません</p>
          <p className="entry-panel__text">結果はリーダーボードとランキングでご確認ください。</p>
        </section>
      )}

      <section className="section" aria-labelledby="rounds-heading">
        <h2 id="rounds-heading" className="section__title">
          ラウンド
        </h2>
        <ul className="round-cards">
          {tournament.rounds.map((round) => (
            <RoundCard key={round.round} round={round} now={now} />
          ))}
        </ul>
      </section>

      <Link to="/schedule/score" className="card link-card">
        <LinkCardBody icon="chart" title="リーダーボード" text="大会の順位と各ラウンドのスコア" />
      </Link>
      <Link to="/quiz" className="card link-card">
        <LinkCardBody icon="quiz" title="ゴルフクイズ" text="ラウンドごとの5問に挑戦してランキングへ" />
      </Link>
    </div>
  );
}
