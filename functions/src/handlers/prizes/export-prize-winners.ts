import { winnersExportQuerySchema } from '@golf/shared/schemas/ops';
import { exportPrizeWinners } from '../../domain/ops/winners-export';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'exportPrizeWinners',
  { query: winnersExportQuerySchema },
  async ({ query }) => exportPrizeWinners(query.game_global_id),
);
