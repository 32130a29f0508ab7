import { roundActionBodySchema } from '@golf/shared/schemas/game';
import { markRoundFinal } from '../../domain/game/operator-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'markRoundFinal',
  { body: roundActionBodySchema },
  async ({ body, auth, now }) =>
    markRoundFinal({ gameGlobalId: body.game_global_id, round: body.round, operatorId: auth.userId, now }),
);
