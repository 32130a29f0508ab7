import { correctFinalResult } from '../../domain/game/operator-service';
import { rankingsChanged } from '../../domain/ranking/rankings-changed';
import { httpHandler } from '../../adapters/http-handler';
import { correctResultRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(correctResultRoute, async ({ body, auth, now }) => {
  const result = await correctFinalResult({
    gameGlobalId: body.game_global_id,
    round: body.round,
    operatorId: auth.userId,
    now,
    playerId: body.player_id,
    status: body.status,
    reason: body.reason,
    result: {
      strokes: body.strokes,
      to_par: body.to_par,
      thru: body.thru,
      birdies: body.birdies,
      eagles: body.eagles,
      bogeys: body.bogeys,
    },
  });
  await rankingsChanged(body.game_global_id, now);
  return result;
});
