import { aiPreview } from '../../domain/game/views';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('previewAiTeam', async ({ params, query, now }) =>
  aiPreview({ gameGlobalId: query.game_global_id, round: params.round, mode: params.type, now }),
);
