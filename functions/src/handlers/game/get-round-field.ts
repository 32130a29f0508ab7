import type { RoundField } from '@golf/shared/schemas/game';
import { roundField } from '../../domain/game/views';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getRoundField', async ({ params, query, now }): Promise<RoundField> =>
  roundField({ gameGlobalId: query.game_global_id, round: params.round, now }),
);
