import { runCarryOver } from '../../jobs/carry-over';
import { httpHandler } from '../../lib/http-handler';
import { runCarryOverRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(runCarryOverRoute, async ({ body, now }) =>
  runCarryOver({ now, gameGlobalId: body.game_global_id }),
);
