import { moveDeadline } from '../../domain/game/operator-service';
import { httpHandler } from '../../adapters/http-handler';
import { moveDeadlineRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(moveDeadlineRoute, async ({ body, auth, now }) =>
  moveDeadline({
    gameGlobalId: body.game_global_id,
    round: body.round,
    operatorId: auth.userId,
    now,
    deadlineAt: body.deadline_at,
    reason: body.reason,
    force: body.force,
    dryRun: body.dry_run,
  }),
);
