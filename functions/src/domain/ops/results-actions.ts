/** The operator's actions on a tournament's results, as use cases (see operator-use-case.ts). */
import type { RouteBody } from '@golf/shared/contracts';
import {
  cancelRound,
  cancelTournament,
  correctFinalResult,
  markRoundFinal,
  withdrawPlayer,
} from '../game/operator-service';
import { publishedAfter, type Operator } from './operator-use-case';

/** Marks a round's results final; marking it again changes nothing to publish. */
export async function markRoundFinalAction(body: RouteBody<'markRoundFinal'>, { operatorId, now }: Operator) {
  const { game_global_id: gameGlobalId, round, force } = body;
  const result = await markRoundFinal({ gameGlobalId, round, force, operatorId, now });
  return publishedAfter(result, gameGlobalId, now, !result.already_done);
}

/** Corrects one player's result of a final round. */
export async function correctResultAction(body: RouteBody<'correctResult'>, { operatorId, now }: Operator) {
  const { game_global_id, round, player_id, base_version, reason, dry_run, ...changes } = body;
  const result = await correctFinalResult({
    gameGlobalId: game_global_id,
    round,
    operatorId,
    now,
    playerId: player_id,
    baseVersion: base_version,
    changes,
    reason,
    dryRun: dry_run,
  });
  return publishedAfter(result, game_global_id, now, !dry_run);
}

/** What every change of results that can be checked first is given. */
interface ResultsChange extends Operator {
  gameGlobalId: string;
  reason: string;
  dryRun: boolean | undefined;
}

async function changeResults<T>(
  body: { game_global_id: string; reason: string; dry_run?: boolean | undefined },
  { operatorId, now }: Operator,
  change: (input: ResultsChange) => Promise<T>,
): Promise<T> {
  const { game_global_id: gameGlobalId, reason, dry_run: dryRun } = body;
  const result = await change({ gameGlobalId, reason, operatorId, now, dryRun });
  return publishedAfter(result, gameGlobalId, now, !dryRun);
}

/** Withdraws a player from a tournament, before round 1 too. */
export const withdrawPlayerAction = (body: RouteBody<'withdrawPlayer'>, operator: Operator) =>
  changeResults(body, operator, (input) => withdrawPlayer({ ...input, playerId: body.player_id }));

/** Cancels a round: it counts for nobody. */
export const cancelRoundAction = (body: RouteBody<'cancelRound'>, operator: Operator) =>
  changeResults(body, operator, (input) => cancelRound({ ...input, round: body.round }));

/** Cancels a tournament: no scores, no yearly points. */
export const cancelTournamentAction = (body: RouteBody<'cancelTournament'>, operator: Operator) =>
  changeResults(body, operator, cancelTournament);
