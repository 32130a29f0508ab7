import { createFileRoute, Link } from '@tanstack/react-router';
import type { RoundView, TeamPickView } from '@golf/shared/schemas/game';
import { formatToPar } from '@golf/shared/game/format';
import { draftSlots } from '@golf/shared/game/team';
import { Badge } from '@/components/ui/badge';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { Skeleton, SkeletonCard } from '@/components/ui/skeleton';
import { useDeletePick } from '@/features/game/api/delete-pick';
import { roundQueryOptions, useRound } from '@/features/game/api/get-round';
import { RoundTabs } from '@/features/game/components/round-tabs';
import { CopyNextRoundToggle } from '@/features/game/components/copy-next-round-toggle';
import { SaveError } from '@/components/ui/save-error';
import { TeamSaveStatus } from '@/components/ui/team-save-status';
import { ShareCard } from '@/features/game/components/share-card';
import { SaveReceipt } from '@/features/game/components/save-receipt';
import { ScoreChanges } from '@/features/game/components/score-changes';
import { LiveRoundPanel, liveSlots } from '@/features/game/components/live-round';
import { TutorialDialog } from '@/features/game/components/tutorial-dialog';
import { aiModeLabels, aiModes, parseRound } from '@/features/game/utils/labels';
import { roundNotes } from '@/features/game/utils/round-notes';
import { DeadlineCountdown } from '@/features/schedule/components/deadline-countdown';
import { toParTone } from '@/lib/format';
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

function RoundSkeleton() {
  return (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <Skeleton height={40} radius={12} />
      <SkeletonCard lines={2} />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={72} radius={12} />
      ))}
    </div>
  );
}

function StatusBadge({ view }: { view: RoundView }) {
  if (view.round.status === 'final') return <Badge tone="green">確定</Badge>;
  if (view.round.status === 'provisional') return <Badge tone="live">速報</Badge>;
  if (view.round.status === 'cancelled') return <Badge tone="grey">中止</Badge>;
  return view.is_open ? <Badge tone="gold">受付中</Badge> : <Badge tone="grey">締切済み</Badge>;
}

function teamScoreText(view: RoundView): string {
  switch (view.score.kind) {
    case 'scored':
      return view.score.score === null ? '-' : formatToPar(view.score.score);
    case 'pending':
      return '集計中';
    case 'cancelled':
      return '中止';
    default:
      return '-';
  }
}

function pickScoreText(pick: TeamPickView): string | null {
  if (pick.score.kind === 'pending') {
    if (pick.result?.to_par != null) return `${formatToPar(pick.result.to_par)}（${pick.result.thru}H）`;
    return null;
  }
  return pick.score.to_par === null ? null : formatToPar(pick.score.to_par);
}

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
  const { remove, undo, removed } = useDeletePick(round);
  const slots = view.team?.slots ?? [null, null, null, null];
  const warningBySlot = new Map(view.warnings.map((warning) => [warning.slot, warning]));

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

      <section className="card round-head">
        <h2 className="round-head__tournament">{view.tournament_name}</h2>
        <div className="round-head__row">
          <p className="round-head__title">ROUND {round}</p>
          <StatusBadge view={view} />
        </div>
        {view.is_open && <DeadlineCountdown deadline={view.round.deadline_at} />}
        {view.round.cancel_note && (
          <p className="notice" data-testid="cancel-note">
            {view.round.cancel_note}
          </p>
        )}
        <div className="team-score">
          <span className="team-score__label">チームスコア</span>
          <strong
            className="team-score__value to-par"
            data-tone={toParTone(view.score.kind === 'scored' ? view.score.score : null)}
            data-testid="team-score"
          >
            {teamScoreText(view)}
          </strong>
          {view.score.kind === 'scored' &&
            view.round.status !== 'final' &&
            view.round.status !== 'provisional' && (
              <Badge tone={view.score.provisional ? 'live' : 'green'}>
                {view.score.provisional ? '速報' : '確定'}
              </Badge>
            )}
        </div>
      </section>

      {!view.is_open && (view.round.status === 'locked' || view.round.status === 'provisional') && (
        <LiveRoundPanel round={round} gameGlobalId={view.game_global_id} slots={liveSlots(view)} />
      )}

      {roundNotes(view).map((note) => (
        <p key={note} className="notice">
          {note}
        </p>
      ))}

      {view.warnings.length > 0 && (
        <div className="game-error" role="alert">
          {view.warnings.map((warning) => (
            <p key={`${warning.slot}-${warning.player_id}`}>
              ドラフト{warning.slot}：{warning.message}
            </p>
          ))}
        </div>
      )}

      <section className="section" aria-labelledby="team-heading">
        <h2 id="team-heading" className="section__title">
          マイチーム
        </h2>
        <TeamSaveStatus />
        <SaveError error={remove.error ?? undo.error} />
        {removed && (
          <div className="undo-bar" role="status">
            <p>
              {removed.name}をドラフト{removed.draft}から外しました。
            </p>
            <button
              type="button"
              className="button button--outline button--small"
              disabled={undo.isPending}
              onClick={() => undo.mutate(removed)}
            >
              元に戻す
            </button>
          </div>
        )}
        <ol className="slots">
          {slots.map((pick, index) => {
            const draft = draftSlots[index]!;
            const warning = warningBySlot.get(draft);
            const score = pick ? pickScoreText(pick) : null;
            return (
              <li
                key={draft}
                className="slot"
                data-testid={`slot-${draft}`}
                data-filled={pick ? 'true' : 'false'}
              >
                <span className="slot__number">
                  <small>DRAFT</small>
                  {draft}
                </span>
                {pick ? (
                  <div className="slot__body">
                    <p className="slot__name">
                      {pick.player.name}
                      {pick.auto && <span className="slot__auto">(AUTO)</span>}
                    </p>
                    <p className="slot__kana">{pick.player.name_kana}</p>
                    {warning && <Badge tone="red">選択不可</Badge>}
                    {pick.score.kind === 'penalty' && <Badge tone="red">ペナルティ</Badge>}
                  </div>
                ) : (
                  <div className="slot__body slot__body--empty">
                    {editable ? (
                      <div className="slot__choose">
                        <Link
                          to="/schedule/round/$round/draft/$draft/easy"
                          params={{ round: String(round), draft: String(draft) }}
                          className="button button--primary button--small"
                        >
                          かんたん
                        </Link>
                        <Link
                          to="/schedule/round/$round/draft/$draft/advanced"
                          params={{ round: String(round), draft: String(draft) }}
                          className="button button--outline button--small"
                        >
                          アドバンス
                        </Link>
                      </div>
                    ) : (
                      <p className="slot__kana">未選択</p>
                    )}
                  </div>
                )}
                {pick && score !== null && (
                  <strong
                    className="slot__score to-par"
                    data-tone={toParTone(pick.score.to_par ?? pick.result?.to_par)}
                  >
                    {score}
                  </strong>
                )}
                {pick && editable && (
                  <Link
                    to="/schedule/round/$round/draft/$draft/easy"
                    params={{ round: String(round), draft: String(draft) }}
                    className="button button--small button--outline slot__change"
                    aria-label={`ドラフト${draft}の${pick.player.name}を別の選手に変更`}
                  >
                    変更
                  </Link>
                )}
                {pick && editable && (
                  <button
                    type="button"
                    className="button button--small slot__remove"
                    aria-label={`${pick.player.name}をドラフト${draft}から外す`}
                    disabled={remove.isPending || undo.isPending}
                    onClick={() =>
                      remove.mutate({ draft, playerId: pick.player.player_id, name: pick.player.name })
                    }
                  >
                    外す
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <SaveReceipt team={view.team} />
      </section>

      {view.teams_visible && view.team && (
        <ShareCard round={round} gameGlobalId={view.game_global_id} tournamentName={view.tournament_name} />
      )}
      <ScoreChanges gameGlobalId={view.game_global_id} round={round} />

      {round < 4 && isCurrent && <CopyNextRoundToggle checked={view.is_copy_next_round} />}

      {editable && (
        <section className="section" aria-labelledby="ai-heading">
          <h2 id="ai-heading" className="section__title">
            AIセレクトモード
          </h2>
          <p className="section__lead">タイプを選ぶと、AIが4人まとめて選びます。</p>
          <ul className="ai-links">
            {aiModes.map((type) => (
              <li key={type}>
                <Link
                  to="/schedule/round/$round/draft/auto/$type"
                  params={{ round: String(round), type }}
                  className="card link-card"
                >
                  <LinkCardBody
                    icon="chart"
                    title={aiModeLabels[type].title}
                    text={aiModeLabels[type].text}
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

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
