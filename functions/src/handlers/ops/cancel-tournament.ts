import { cancelTournament } from '../../domain/game/operator-service';
import { httpHandler } from '../../adapters/http-handler';
import { cancelTournamentRoute } from '@golf/shared/routes/game';
import { changeResults } from './results-change';

export const handler = httpHandler(cancelTournamentRoute, (request) =>
  changeResults(request, cancelTournament),
);
