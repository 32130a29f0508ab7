import { runCarryOver } from '../../jobs/carry-over';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('runCarryOver', async ({ body, now }) =>
  runCarryOver({ now, gameGlobalId: body.game_global_id }),
);
