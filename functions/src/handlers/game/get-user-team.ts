import { tournamentQuerySchema, userTeamParamsSchema } from '@golf/shared/schemas/game';
import { otherUserTeam } from '../../domain/game/views';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getUserTeam',
  { params: userTeamParamsSchema, query: tournamentQuerySchema },
  async ({ params, query, auth, now }) =>
    otherUserTeam({
      viewerId: auth.userId,
      userId: params.user_id,
      gameGlobalId: query.game_global_id,
      round: params.round,
      now,
    }),
);
