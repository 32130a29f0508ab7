import { cancelTournamentAction } from '../../domain/ops/results-actions';
import { httpHandler } from '../../adapters/http-handler';
import { cancelTournamentRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(cancelTournamentRoute, ({ body, auth, now }) =>
  cancelTournamentAction(body, { operatorId: auth.userId, now }),
);
