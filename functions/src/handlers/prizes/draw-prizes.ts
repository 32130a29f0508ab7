import { drawTournamentPrizes } from '../../domain/prize/prize-draw-service';
import { httpHandler } from '../../adapters/http-handler';
import { drawPrizesRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(drawPrizesRoute, async ({ body, auth, now }) =>
  drawTournamentPrizes({
    gameGlobalId: body.game_global_id,
    redraw: body.redraw,
    acceptFewer: body.accept_fewer,
    operatorId: auth.userId,
    now,
  }),
);
