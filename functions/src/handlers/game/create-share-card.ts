import { createShareCard } from '../../domain/share/share-service';
import { httpHandler } from '../../adapters/http-handler';
import { createShareCardRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(createShareCardRoute, async ({ params, query, auth, now }) =>
  createShareCard({ userId: auth.userId, gameGlobalId: query.game_global_id, round: params.round, now }),
);
