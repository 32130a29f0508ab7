import type { LiveRound } from '@golf/shared/schemas/live-round';
import { liveRound } from '../../domain/game/live-round';
import { httpHandler } from '../../adapters/http-handler';
import { getLiveRoundRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(getLiveRoundRoute, async ({ params, query, now }): Promise<LiveRound> =>
  liveRound({ gameGlobalId: query.game_global_id, round: params.round, now }),
);
