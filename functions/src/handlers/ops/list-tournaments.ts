import { listTournamentsForOperators } from '../../domain/ops/tournament-list';
import { httpHandler } from '../../adapters/http-handler';
import { listTournamentsRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(listTournamentsRoute, async ({ now }) => listTournamentsForOperators(now));
