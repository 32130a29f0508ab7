import { deletePick } from '../../domain/game/team-service';
import { savedTeam } from '../../domain/game/saved-team';
import { withSaveReceipt } from '../../domain/game/save-receipt-service';
import { httpHandler } from '../../adapters/http-handler';
import { teamSave } from '../../adapters/team-save';
import { deletePickRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(deletePickRoute, async ({ params, query, auth, now, event }) =>
  teamSave({ event, auth, now, tournament: query.game_global_id, round: params.round }, async (timing) => {
    const team = await withSaveReceipt(
      auth.userId,
      deletePick({
        userId: auth.userId,
        gameGlobalId: query.game_global_id,
        round: params.round,
        ...timing,
        slot: params.draft,
      }),
      timing.now,
    );
    return team ? savedTeam(team) : {};
  }),
);
