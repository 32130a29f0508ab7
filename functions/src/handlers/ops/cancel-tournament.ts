import { cancelTournament } from '../../domain/game/operator-service';
import { rankingsChanged } from '../../domain/ranking/rankings-changed';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('cancelTournament', async ({ body, auth, now }) => {
  const result = await cancelTournament({
    gameGlobalId: body.game_global_id,
    reason: body.reason,
    operatorId: auth.userId,
    now,
  });
  await rankingsChanged(body.game_global_id, now);
  return result;
});
