import type { PlayerDetail } from '@golf/shared/schemas/game';
import { playerDetail } from '../../domain/game/views';
import { httpHandler } from '../../adapters/http-handler';
import { getPlayerDetailRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(
  getPlayerDetailRoute,
  async ({ params, query, now }): Promise<PlayerDetail> =>
    playerDetail({ playerId: params.player_id, gameGlobalId: query.game_global_id, now }),
);
