import type { LiveRound } from '@golf/shared/schemas/live-round';
import { liveRound } from '../../domain/game/live-round';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getLiveRound', async ({ params, query, now }): Promise<LiveRound> =>
  liveRound({ gameGlobalId: query.game_global_id, round: params.round, now }),
);
