import { roundResultsForOperators } from '../../domain/ops/round-results';
import { httpHandler } from '../../adapters/http-handler';
import { opsRoundResultsRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(opsRoundResultsRoute, async ({ query }) =>
  roundResultsForOperators(query.game_global_id, query.round),
);
