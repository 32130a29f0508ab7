import type { SavedTeam } from '@golf/shared/schemas/game';
import { saveAiTeam } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { teamSave } from '../../adapters/team-save';
import { saveAiTeamRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(
  saveAiTeamRoute,
  async ({ params, body, auth, now, event }): Promise<SavedTeam> =>
    teamSave({ event, auth, now, tournament: body.game_global_id, round: params.round }, async (timing) =>
      savedTeam(
        await withSaveReceipt(
          auth.userId,
          saveAiTeam({
            userId: auth.userId,
            gameGlobalId: body.game_global_id,
            round: params.round,
            ...timing,
            mode: params.type,
          }),
          timing.now,
        ),
      ),
    ),
);
