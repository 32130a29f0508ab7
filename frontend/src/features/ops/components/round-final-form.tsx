import { useState } from 'react';
import { useOpsAction } from '../api/ops-calls';
import { ActionOutcome, auditSummary, ConfirmAction, roundTarget, type RoundOfTournament } from './ops-parts';

/** 第nラウンドを確定する: the round's results made final, past the checks if the operator says so. */
export function RoundFinalForm({ tournament, round }: RoundOfTournament) {
  const target = roundTarget({ tournament, round });
  const markFinal = useOpsAction('markRoundFinal');
  const [finalForce, setFinalForce] = useState(false);
  return (
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
  );
}
