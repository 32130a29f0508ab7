import { cancelTournament } from '../../domain/game/operator-service';
import { rankingsChanged } from '../../domain/ranking/rankings-changed';
import { httpHandler } from '../../adapters/http-handler';
import { cancelTournamentRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(cancelTournamentRoute, async ({ body, auth, now }) => {
  const result = await cancelTournament({
    gameGlobalId: body.game_global_id,
    reason: body.reason,
    operatorId: auth.userId,
    now,
    dryRun: body.dry_run,
  });
  // A dry run wrote nothing: the rankings have nothing to publish.
  if (!body.dry_run) await rankingsChanged(body.game_global_id, now);
  return result;
});
