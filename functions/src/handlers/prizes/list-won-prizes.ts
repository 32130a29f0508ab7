import { listWonPrizes } from '../../domain/prize/prize-claim-service';
import { httpHandler } from '../../adapters/http-handler';
import { listWonPrizesRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(listWonPrizesRoute, async ({ auth }) => listWonPrizes(auth.userId));
