import type { DraftSlot } from '@golf/shared/game/team';
import { draftParamsSchema, tournamentQuerySchema, type SavedTeam } from '@golf/shared/schemas/game';
import { deletePick } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'deletePick',
  { params: draftParamsSchema, query: tournamentQuerySchema },
  async ({ params, query, auth, now }): Promise<SavedTeam | null> => {
    const team = await withSaveReceipt(
      await deletePick({
        userId: auth.userId,
        gameGlobalId: query.game_global_id,
        round: params.round,
        now,
        slot: params.draft as DraftSlot,
      }),
      now,
    );
    return team ? savedTeam(team) : null;
  },
);
