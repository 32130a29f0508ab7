import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useState, type ReactNode } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import type { RouteResponse } from '@golf/shared/contracts';
import {
  useOpsAction,
  useOpsDryRun,
  useOpsTournaments,
  type OpsActionInput,
} from '@/features/ops/api/ops-calls';
import { ActionPreviewView } from '@/features/ops/components/action-preview';
import {
  ActionOutcome,
  auditSummary,
  ConfirmAction,
  OpsInput,
  OpsNav,
  RoundRows,
  tokyoInputToIso,
  TournamentSelect,
  usePreselectedTournament,
} from '@/features/ops/components/ops-parts';
import { roundInPlay } from '@/features/ops/model/in-play';
import { AuditLog } from '@/features/ops/components/audit-log';
import { CorrectionForm, FieldPlayerSelect } from '@/features/ops/components/correction-form';
import { integerOr, optionalText, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({
  game_global_id: optionalText(),
  round: integerOr(1, 1, 4),
});

export const Route = createFileRoute('/ops/rounds')({
  staticData: { page: { title: 'ラウンドの操作', stackType: 'static', parent: '/ops' } },
  validateSearch: searchSchema,
  component: OpsRoundsPage,
});

/** Every round action answers the same shape (operatorActionResultSchema). */
type ActionResult = RouteResponse<'markRoundFinal'>;

/** The operator actions that record a reason. */
type ReasonRoute = 'withdrawPlayer' | 'cancelRound' | 'cancelTournament';
type ReasonBody<N extends ReasonRoute> =
  OpsActionInput<N> extends { body?: infer Body } ? Omit<NonNullable<Body>, 'reason'> : never;

/**
 * One operator action with a reason, asked to be confirmed: the confirmation shows its dry run
 * (the saved teams and the rankings it changes) and waits for it.
 */
function ReasonAction<N extends ReasonRoute>({
  name,
  title,
  label,
  warning,
  body,
  disabled,
  children,
}: {
  name: N;
  title: string;
  label: string;
  warning: ReactNode;
  body: ReasonBody<N>;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const action = useOpsAction(name);
  const check = useOpsDryRun(name);
  const [reason, setReason] = useState('');
  const input = (dryRun: boolean) =>
    ({ body: { ...body, reason, ...(dryRun && { dry_run: true }) } }) as OpsActionInput<N>;
  return (
    <section className="section card" aria-label={title}>
      <h2 className="section__title">{title}</h2>
      {children}
      <OpsInput
        label="理由（記録され、プレイヤーに表示されることがあります）"
        value={reason}
        onChange={setReason}
      />
      <ConfirmAction
        label={label}
        warning={
          <>
            {warning}
            <ActionPreviewView check={check} />
          </>
        }
        pending={action.isPending}
        disabled={disabled || !reason.trim()}
        onAsk={() => check.mutate(input(true))}
        ready={Boolean(check.data)}
        onConfirm={() => action.mutate(input(false))}
      />
      <ActionOutcome error={action.error} success={auditSummary(action.data as ActionResult | undefined)} />
    </section>
  );
}

/**
 * The forms that act on one round of one tournament. The page keys them by both, so what was typed
 * for one round is never sent for another one chosen since.
 */
function RoundActions({
  tournament,
  round,
}: {
  tournament: OpsTournament;
  round: OpsTournament['rounds'][number];
}) {
  const target = { game_global_id: tournament.game_global_id, round: round.round };
  const markFinal = useOpsAction('markRoundFinal');
  const moveDeadline = useOpsAction('moveDeadline');
  const deadlineCheck = useOpsDryRun('moveDeadline');
  const deadlineBody = (dryRun: boolean) => ({
    ...target,
    deadline_at: tokyoInputToIso(deadline),
    reason: deadlineReason,
    ...(force && { force: true }),
    ...(dryRun && { dry_run: true }),
  });
  const [deadline, setDeadline] = useState('');
  const [deadlineReason, setDeadlineReason] = useState('');
  const [force, setForce] = useState(false);
  const [finalForce, setFinalForce] = useState(false);
  const [playerId, setPlayerId] = useState('');
  return (
    <>
      <section className="section card" aria-label="結果の確定">
        <h2 className="section__title">第{round.round}ラウンドを確定する</h2>
        <p>
          確定すると賞品の対象になり、以後の変更は訂正（理由つき）だけになります。ピックされた選手に結果かステータスがないと確定できません。
        </p>
        <p>
          締め切りの引き継ぎ（前のラウンドのチームの繰り越しと自動の入れ替え）がまだのとき、チームが前のラウンドより少ないときは、理由を表示して確定しません。確認したうえで確定する場合は、次にチェックを入れてください。
        </p>
        <label className="form-check">
          <input
            type="checkbox"
            checked={finalForce}
            onChange={(event) => setFinalForce(event.target.checked)}
          />
          確認事項があっても確定する
        </label>
        <ConfirmAction
          label="確定する"
          warning={`${tournament.tournament_name} 第${round.round}ラウンドの結果を確定します。元には戻せません。`}
          pending={markFinal.isPending}
          disabled={round.results === 'final' || round.cancelled}
          onConfirm={() => markFinal.mutate({ body: { ...target, ...(finalForce ? { force: true } : {}) } })}
        />
        <ActionOutcome error={markFinal.error} success={auditSummary(markFinal.data)} />
      </section>

      <section className="section card" aria-label="締め切りの変更">
        <h2 className="section__title">締め切りを変更する</h2>
        <OpsInput
          label="新しい締め切り（日本時間）"
          type="datetime-local"
          value={deadline}
          onChange={setDeadline}
        />
        <OpsInput
          label="理由（ラウンドの画面に表示されます）"
          value={deadlineReason}
          onChange={setDeadlineReason}
        />
        <label className="form-check">
          <input type="checkbox" checked={force} onChange={(event) => setForce(event.target.checked)} />
          過去の時刻にする（その時点で保存済みのチームが締め切られます）
        </label>
        <ConfirmAction
          label="締め切りを変更する"
          warning={
            <>
              {tournament.tournament_name} 第{round.round}
              ラウンドの締め切りを変更します。過去の時刻にすると、そのラウンドのチームはすぐに締め切られます。
              <ActionPreviewView check={deadlineCheck} />
            </>
          }
          pending={moveDeadline.isPending}
          disabled={!deadline || !deadlineReason.trim()}
          onAsk={() => deadlineCheck.mutate({ body: deadlineBody(true) })}
          ready={Boolean(deadlineCheck.data)}
          onConfirm={() => moveDeadline.mutate({ body: deadlineBody(false) })}
        />
        <ActionOutcome error={moveDeadline.error} success={auditSummary(moveDeadline.data)} />
      </section>

      <ReasonAction
        name="withdrawPlayer"
        title="選手の棄権"
        label="棄権にする"
        warning={`${tournament.tournament_name}でこの選手を棄権にします。締め切り前のチームにいれば、締め切りの時点で、AI が調子で選んだ選手に自動で入れ替わります。`}
        body={{ game_global_id: target.game_global_id, player_id: playerId }}
        disabled={!playerId}
      >
        <FieldPlayerSelect gameGlobalId={tournament.game_global_id} value={playerId} onChange={setPlayerId} />
      </ReasonAction>

      <CorrectionForm gameGlobalId={tournament.game_global_id} round={round.round} />

      <ReasonAction
        name="cancelRound"
        title="ラウンドの中止"
        label="ラウンドを中止する"
        warning={`${tournament.tournament_name} 第${round.round}ラウンドを中止します。このラウンドは誰の合計にも数えられなくなります。元には戻せません。`}
        body={target}
      />
      <ReasonAction
        name="cancelTournament"
        title="大会の中止"
        label="大会を中止する"
        warning={`${tournament.tournament_name} を中止します。年間ポイントも賞品もなくなります。元には戻せません。`}
        body={{ game_global_id: target.game_global_id }}
      />
      <AuditLog gameGlobalId={tournament.game_global_id} />
    </>
  );
}

function OpsRoundsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tournaments = useOpsTournaments();
  const tournament = tournaments.find((t) => t.game_global_id === search.game_global_id);
  const round = tournament?.rounds.find((r) => r.round === search.round);
  const chooseTournament = useCallback(
    (chosen: OpsTournament) =>
      void navigate({
        search: { game_global_id: chosen.game_global_id, round: roundInPlay(chosen) },
        replace: true,
      }),
    [navigate],
  );
  usePreselectedTournament(tournaments, search.game_global_id, chooseTournament);

  return (
    <>
      <OpsNav gameGlobalId={search.game_global_id} />
      <section className="section card">
        <TournamentSelect
          tournaments={tournaments}
          value={search.game_global_id}
          onChange={(id) => {
            const chosen = tournaments.find((t) => t.game_global_id === id);
            void navigate({ search: { game_global_id: id, round: chosen ? roundInPlay(chosen) : 1 } });
          }}
        />
        <label className="ops-field">
          <span>ラウンド</span>
          <select
            className="form-control"
            value={search.round}
            onChange={(event) => void navigate({ search: { ...search, round: Number(event.target.value) } })}
          >
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                第{n}ラウンド
              </option>
            ))}
          </select>
        </label>
        {tournament && <RoundRows tournament={tournament} />}
      </section>

      {tournament && round && (
        <RoundActions
          key={`${tournament.game_global_id}-${round.round}`}
          tournament={tournament}
          round={round}
        />
      )}
    </>
  );
}
