import { importTournamentAction } from '../../domain/ops/tournament-import';
import { httpHandler } from '../../adapters/http-handler';
import { importTournamentRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(importTournamentRoute, ({ body, auth, now }) =>
  importTournamentAction(body, { operatorId: auth.userId, now }),
);
