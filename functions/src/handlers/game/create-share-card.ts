import { createShareCard } from '../../domain/share/share-service';
import { httpHandler } from '../../adapters/http-handler';
import { recordMetric } from '../../lib/metrics';
import { createShareCardRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(
  createShareCardRoute,
  async ({ params, query, body, auth, now, deadlineMs }) => {
    const card = await createShareCard({
      userId: auth.userId,
      gameGlobalId: query.game_global_id,
      round: params.round,
      withJoinCode: body.with_join_code,
      now,
      deadlineMs,
    });
    if (card.rendered) recordMetric('ShareCardsDrawn');
    return card;
  },
);
