import { createShareCard } from '../../domain/share/share-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('createShareCard', async ({ params, query, auth, now }) =>
  createShareCard({ userId: auth.userId, gameGlobalId: query.game_global_id, round: params.round, now }),
);
