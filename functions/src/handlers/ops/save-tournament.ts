import { saveTournamentSettings } from '../../domain/game/season-setup-service';
import { httpHandler } from '../../adapters/http-handler';
import { saveTournamentRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(saveTournamentRoute, ({ body, auth, now }) =>
  saveTournamentSettings(body, { operatorId: auth.userId, now }),
);
