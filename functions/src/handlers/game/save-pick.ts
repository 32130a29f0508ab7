import { savePick } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { savePickRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(savePickRoute, async ({ params, body, auth, now }) =>
  savedTeam(
    await withSaveReceipt(
      auth.userId,
      savePick({
        userId: auth.userId,
        gameGlobalId: body.game_global_id,
        round: params.round,
        now,
        slot: params.draft,
        playerId: body.player_id,
      }),
      now,
    ),
  ),
);
