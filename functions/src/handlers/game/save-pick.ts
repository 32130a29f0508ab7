import { savePick } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { teamSave } from '../../adapters/team-save';
import { savePickRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(savePickRoute, async ({ params, body, auth, now, event }) =>
  teamSave({ event, auth, now, tournament: body.game_global_id, round: params.round }, async (timing) =>
    savedTeam(
      await withSaveReceipt(
        auth.userId,
        savePick({
          userId: auth.userId,
          gameGlobalId: body.game_global_id,
          round: params.round,
          ...timing,
          slot: params.draft,
          playerId: body.player_id,
        }),
        timing.now,
      ),
    ),
  ),
);
