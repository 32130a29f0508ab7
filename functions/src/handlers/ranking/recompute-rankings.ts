import { recomputeRankingsAction } from '../../domain/ops/operator-use-case';
import { httpHandler } from '../../adapters/http-handler';
import { recomputeRankingsRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(recomputeRankingsRoute, ({ body, now }) =>
  recomputeRankingsAction(body, now),
);
