import type { MyScore } from '@golf/shared/schemas/game';
import { myScore } from '../../domain/game/views';
import { httpHandler } from '../../adapters/http-handler';
import { getMyScoreRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(getMyScoreRoute, async ({ query, auth, now }): Promise<MyScore> =>
  myScore({ userId: auth.userId, gameGlobalId: query.game_global_id, now }),
);
