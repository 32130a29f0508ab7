import { listPrizeWinners } from '../../domain/prize/prize-winners';
import { httpHandler } from '../../adapters/http-handler';
import { listPrizeWinnersRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(listPrizeWinnersRoute, async ({ query }) =>
  listPrizeWinners(query.game_global_id),
);
