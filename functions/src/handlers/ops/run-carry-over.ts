import { runCarryOver } from '../../domain/game/carry-over-service';
import { httpHandler } from '../../adapters/http-handler';
import { runCarryOverRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(runCarryOverRoute, async ({ body, now }) =>
  runCarryOver({ now, gameGlobalId: body.game_global_id }),
);
