import { correctFinalResult } from '../../domain/game/operator-service';
import { rankingsChanged } from '../../domain/ranking/job/rankings-changed';
import { httpHandler } from '../../adapters/http-handler';
import { correctResultRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(correctResultRoute, async ({ body, auth, now }) => {
  const { game_global_id, round, player_id, base_version, reason, dry_run, ...changes } = body;
  const result = await correctFinalResult({
    gameGlobalId: game_global_id,
    round,
    operatorId: auth.userId,
    now,
    playerId: player_id,
    baseVersion: base_version,
    changes,
    reason,
    dryRun: dry_run,
  });
  // A dry run wrote nothing: the rankings have nothing to publish.
  if (!dry_run) await rankingsChanged(game_global_id, now);
  return result;
});
