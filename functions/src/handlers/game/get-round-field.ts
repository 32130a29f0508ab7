import type { RoundField } from '@golf/shared/schemas/game';
import { roundField } from '../../domain/game/views';
import { httpHandler } from '../../adapters/http-handler';
import { getRoundFieldRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(getRoundFieldRoute, async ({ params, query, now }): Promise<RoundField> =>
  roundField({ gameGlobalId: query.game_global_id, round: params.round, now }),
);
