import { previewPrizeDraw } from '../../domain/ops/prize-draw-preview';
import { httpHandler } from '../../adapters/http-handler';
import { previewPrizeDrawRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(previewPrizeDrawRoute, async ({ query, now }) =>
  previewPrizeDraw({ gameGlobalId: query.game_global_id, now }),
);
