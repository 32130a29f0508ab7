import { previewPrizeDraw } from '../../domain/ops/prize-draw-preview';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('previewPrizeDraw', async ({ query, now }) =>
  previewPrizeDraw({ gameGlobalId: query.game_global_id, seed: query.seed, now }),
);
