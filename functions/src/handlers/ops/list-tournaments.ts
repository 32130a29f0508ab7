import { listTournamentsForOperators } from '../../domain/ops/tournament-list';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('listTournaments', async ({ now }) => listTournamentsForOperators(now));
