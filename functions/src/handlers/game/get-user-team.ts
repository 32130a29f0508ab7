import { otherUserTeam } from '../../domain/game/views';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getUserTeam', async ({ params, query, auth, now }) =>
  otherUserTeam({
    viewerId: auth.userId,
    userId: params.user_id,
    gameGlobalId: query.game_global_id,
    round: params.round,
    now,
  }),
);
