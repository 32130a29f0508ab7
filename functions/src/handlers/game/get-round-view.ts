import type { RoundView } from '@golf/shared/schemas/game';
import { roundView } from '../../domain/game/views';
import { httpHandler } from '../../adapters/http-handler';
import { getRoundViewRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(
  getRoundViewRoute,
  async ({ params, query, auth, now }): Promise<RoundView> =>
    roundView({ userId: auth.userId, gameGlobalId: query.game_global_id, round: params.round, now }),
);
