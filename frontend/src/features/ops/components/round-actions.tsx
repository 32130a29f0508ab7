import { useState } from 'react';
import { AuditLog } from './audit-log';
import { CorrectionForm, FieldPlayerSelect } from './correction-form';
import { DeadlineMoveForm } from './deadline-move-form';
import { roundTarget, type RoundOfTournament } from './ops-parts';
import { ReasonAction } from './reason-action';
import { RoundFinalForm } from './round-final-form';

/**
 * The forms that act on one round of one tournament. The page keys them by both, so what was typed
 * for one round is never sent for another one chosen since.
 */
export function RoundActions({ tournament, round }: RoundOfTournament) {
  const target = roundTarget({ tournament, round });
  const [playerId, setPlayerId] = useState('');
  return (
    <>
      <RoundFinalForm tournament={tournament} round={round} />
      <DeadlineMoveForm tournament={tournament} round={round} />

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
