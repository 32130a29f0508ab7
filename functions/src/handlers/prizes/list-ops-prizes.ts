import { listOpsPrizes } from '../../domain/prize/prize-setup-service';
import { httpHandler } from '../../adapters/http-handler';
import { listOpsPrizesRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(listOpsPrizesRoute, ({ query }) => listOpsPrizes(query.game_global_id));
