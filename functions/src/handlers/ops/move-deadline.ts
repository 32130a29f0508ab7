import { moveDeadline } from '../../domain/game/operator-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('moveDeadline', async ({ body, auth, now }) =>
  moveDeadline({
    gameGlobalId: body.game_global_id,
    round: body.round,
    operatorId: auth.userId,
    now,
    deadlineAt: body.deadline_at,
    reason: body.reason,
    force: body.force,
  }),
);
