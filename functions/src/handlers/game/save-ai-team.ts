import type { SavedTeam } from '@golf/shared/schemas/game';
import { saveAiTeam } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { saveAiTeamRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(saveAiTeamRoute, async ({ params, body, auth, now }): Promise<SavedTeam> =>
  savedTeam(
    await withSaveReceipt(
      auth.userId,
      saveAiTeam({
        userId: auth.userId,
        gameGlobalId: body.game_global_id,
        round: params.round,
        now,
        mode: params.type,
      }),
      now,
    ),
  ),
);
