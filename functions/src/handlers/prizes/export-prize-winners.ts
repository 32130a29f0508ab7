import { exportPrizeWinners } from '../../domain/ops/winners-export';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('exportPrizeWinners', async ({ query }) =>
  exportPrizeWinners(query.game_global_id),
);
