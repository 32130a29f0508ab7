import { useState } from 'react';
import { useOpsAction, useOpsDryRun } from '../api/ops-calls';
import { ActionPreviewView } from './action-preview';
import {
  ActionOutcome,
  auditSummary,
  ConfirmAction,
  OpsInput,
  roundTarget,
  tokyoInputToIso,
  type RoundOfTournament,
} from './ops-parts';

/** 締め切りを変更する: the round's deadline moved, with a reason, its dry run shown first. */
export function DeadlineMoveForm({ tournament, round }: RoundOfTournament) {
  const target = roundTarget({ tournament, round });
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
  return (
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
  );
}
