import { listWonPrizes } from '../../domain/prize/prize-claim-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('listWonPrizes', async ({ auth }) => listWonPrizes(auth.userId));
