import { roundParamsSchema, tournamentQuerySchema } from '@golf/shared/schemas/game';
import type { ShareCard } from '@golf/shared/schemas/share';
import { createShareCard } from '../../domain/share/share-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'createShareCard',
  { params: roundParamsSchema, query: tournamentQuerySchema },
  async ({ params, query, auth, now }): Promise<ShareCard> =>
    createShareCard({ userId: auth.userId, gameGlobalId: query.game_global_id, round: params.round, now }),
);
