import { aiPreview } from '../../domain/game/views';
import { httpHandler } from '../../adapters/http-handler';
import { previewAiTeamRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(previewAiTeamRoute, async ({ params, query, now }) =>
  aiPreview({ gameGlobalId: query.game_global_id, round: params.round, mode: params.type, now }),
);
