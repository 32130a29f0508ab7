import { exportPrizeWinners } from '../../domain/ops/winners-export';
import { httpHandler } from '../../adapters/http-handler';
import { exportPrizeWinnersRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(exportPrizeWinnersRoute, async ({ query }) =>
  exportPrizeWinners(query.game_global_id),
);
