import { recomputeRankingsBodySchema } from '@golf/shared/schemas/ranking';
import { recomputeRankings } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'recomputeRankings',
  { body: recomputeRankingsBodySchema },
  async ({ body, now }) => recomputeRankings(body.game_global_id, now),
);
