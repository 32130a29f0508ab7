import { createFileRoute, Link } from '@tanstack/react-router';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { roundQueryOptions, useRound } from '@/features/game/api/get-round';
import { AiSelectLinks } from '@/features/game/components/ai-select-links';
import { CopyNextRoundToggle } from '@/features/game/components/copy-next-round-toggle';
import { LiveRoundPanel, liveSlots } from '@/features/game/components/live-round';
import { MyTeamSection } from '@/features/game/components/my-team-section';
import { RoundHead } from '@/features/game/components/round-head';
import { RoundNotices } from '@/features/game/components/round-notices';
import { RoundSkeleton } from '@/features/game/components/round-skeleton';
import { RoundTabs } from '@/features/game/components/round-tabs';
import { ScoreChanges } from '@/features/game/components/score-changes';
import { ShareCard } from '@/features/game/components/share-card';
import { TutorialDialog } from '@/features/game/components/tutorial-dialog';
import { parseRound } from '@/features/game/utils/labels';
import { DeadlineCountdown } from '@/features/schedule/components/deadline-countdown';
import { optionalText, pageSearch } from '@/lib/search-params';
import { defaultTournament } from '@golf/shared/schedule/derive-schedule';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import { TournamentSwitcher } from '@/features/schedule/components/tournament-switcher';

export const Route = createFileRoute('/schedule/round/$round/')({
  staticData: {
    page: { title: 'ラウンド {round}', stackType: 'static', parent: '/gametop', pageType: 'game' },
  },
  // The tournament (the API's `game_global_id`): absent, the current one; a past tournament's round
  // shows the team as it was frozen, its score and notes, with nothing to change.
  validateSearch: pageSearch({ game_global_id: optionalText(64, 1) }),
  loaderDeps: ({ search }) => ({ gameGlobalId: search.game_global_id }),
  loader: ({ context, params, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(schedulesQueryOptions()),
      context.queryClient.ensureQueryData(roundQueryOptions(parseRound(params.round), deps.gameGlobalId)),
    ]),
  pendingComponent: RoundSkeleton,
  component: RoundPage,
});

/** The round's sections, from the game feature, with the schedule's tournament switcher and countdown. */
function RoundPage() {
  const round = parseRound(Route.useParams().round);
  const { game_global_id: chosen } = Route.useSearch();
  const navigate = Route.useNavigate();
  const view = useRound(round, chosen);
  const schedules = useSchedules();
  // The tournament of the game screens' default (the API's when none is chosen): its round pages are
  // the ones played now.
  const current = defaultTournament('picks', schedules)?.game_global_id;
  const isCurrent = !chosen || view.game_global_id === current;
  // Picks are made on the current tournament's pages only.
  const editable = view.is_open && isCurrent;
  // The tournaments with rounds to look back on, the current one (open before it starts) and the one
  // shown, whichever is chosen.
  const choices = schedules.filter(
    (schedule) =>
      schedule.status !== 'upcoming' ||
      schedule.game_global_id === current ||
      schedule.game_global_id === view.game_global_id,
  );

  return (
    <div className="page-body">
      <TutorialDialog />
      {choices.length > 1 && (
        <TournamentSwitcher
          schedules={choices}
          value={view.game_global_id}
          onChange={(id) => void navigate({ search: { game_global_id: id } })}
        />
      )}
      <RoundTabs current={round} gameGlobalId={chosen} />

      <RoundHead
        view={view}
        round={round}
        countdown={view.is_open && <DeadlineCountdown deadline={view.round.deadline_at} />}
      />

      {!view.is_open && (view.round.status === 'locked' || view.round.status === 'provisional') && (
        <LiveRoundPanel round={round} gameGlobalId={view.game_global_id} slots={liveSlots(view)} />
      )}

      <RoundNotices view={view} />

      <MyTeamSection round={round} view={view} editable={editable} />

      {view.teams_visible && view.team && (
        <ShareCard round={round} gameGlobalId={view.game_global_id} tournamentName={view.tournament_name} />
      )}
      <ScoreChanges gameGlobalId={view.game_global_id} round={round} />

      {round < 4 && isCurrent && <CopyNextRoundToggle checked={view.is_copy_next_round} />}

      {editable && <AiSelectLinks round={round} />}

      <Link
        to="/schedule/round/$round/about-mode"
        params={{ round: String(round) }}
        className="card link-card"
      >
        <LinkCardBody icon="book" title="モードの説明" text="かんたん・アドバンス・AIセレクトの違い" />
      </Link>
    </div>
  );
}
