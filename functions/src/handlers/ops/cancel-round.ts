import { cancelRound } from '../../domain/game/operator-service';
import { httpHandler } from '../../adapters/http-handler';
import { cancelRoundRoute } from '@golf/shared/routes/game';
import { changeResults } from './results-change';

export const handler = httpHandler(cancelRoundRoute, (request) =>
  changeResults(request, (input) => cancelRound({ ...input, round: request.body.round })),
);
