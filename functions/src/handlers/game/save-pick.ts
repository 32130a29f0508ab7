import type { DraftSlot } from '@golf/shared/game/team';
import { draftParamsSchema, savePickBodySchema, type SavedTeam } from '@golf/shared/schemas/game';
import { savePick } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'savePick',
  { params: draftParamsSchema, body: savePickBodySchema },
  async ({ params, body, auth, now }): Promise<SavedTeam> =>
    savedTeam(
      await withSaveReceipt(
        await savePick({
          userId: auth.userId,
          gameGlobalId: body.game_global_id,
          round: params.round,
          now,
          slot: params.draft as DraftSlot,
          playerId: body.player_id,
        }),
        now,
      ),
    ),
);
