import type { SavedTeam } from '@golf/shared/schemas/game';
import { saveTeam } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { teamSave } from '../../adapters/team-save';
import { saveTeamRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(
  saveTeamRoute,
  async ({ params, body, auth, now, event }): Promise<SavedTeam> =>
    teamSave({ event, auth, now, tournament: body.game_global_id, round: params.round }, async (timing) =>
      savedTeam(
        await withSaveReceipt(
          auth.userId,
          saveTeam({
            userId: auth.userId,
            gameGlobalId: body.game_global_id,
            round: params.round,
            ...timing,
            playerIds: body.player_ids,
          }),
          timing.now,
        ),
      ),
    ),
);
