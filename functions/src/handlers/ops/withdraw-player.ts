import { withdrawPlayer } from '../../domain/game/operator-service';
import { httpHandler } from '../../adapters/http-handler';
import { withdrawPlayerRoute } from '@golf/shared/routes/game';
import { changeResults } from './results-change';

export const handler = httpHandler(withdrawPlayerRoute, (request) =>
  changeResults(request, (input) => withdrawPlayer({ ...input, playerId: request.body.player_id })),
);
