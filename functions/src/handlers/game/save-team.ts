import type { SavedTeam } from '@golf/shared/schemas/game';
import { saveTeam } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { saveTeamRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(saveTeamRoute, async ({ params, body, auth, now }): Promise<SavedTeam> =>
  savedTeam(
    await withSaveReceipt(
      auth.userId,
      saveTeam({
        userId: auth.userId,
        gameGlobalId: body.game_global_id,
        round: params.round,
        now,
        playerIds: body.player_ids,
      }),
      now,
    ),
  ),
);
