import { cancelRound } from '../../domain/game/operator-service';
import { rankingsChanged } from '../../domain/ranking/rankings-changed';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('cancelRound', async ({ body, auth, now }) => {
  const result = await cancelRound({
    gameGlobalId: body.game_global_id,
    round: body.round,
    reason: body.reason,
    operatorId: auth.userId,
    now,
  });
  await rankingsChanged(body.game_global_id, now);
  return result;
});
