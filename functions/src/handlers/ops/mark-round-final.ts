import { markRoundFinal } from '../../domain/game/operator-service';
import { rankingsChanged } from '../../domain/ranking/job/rankings-changed';
import { httpHandler } from '../../adapters/http-handler';
import { markRoundFinalRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(markRoundFinalRoute, async ({ body, auth, now }) => {
  const result = await markRoundFinal({
    gameGlobalId: body.game_global_id,
    round: body.round,
    force: body.force,
    operatorId: auth.userId,
    now,
  });
  if (!result.already_done) await rankingsChanged(body.game_global_id, now);
  return result;
});
