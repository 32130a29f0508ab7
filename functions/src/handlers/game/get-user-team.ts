import { otherUserTeam } from '../../domain/game/views';
import { httpHandler } from '../../adapters/http-handler';
import { getUserTeamRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(getUserTeamRoute, async ({ params, query, auth, now }) =>
  otherUserTeam({
    viewerId: auth.userId,
    userId: params.user_id,
    gameGlobalId: query.game_global_id,
    round: params.round,
    now,
  }),
);
