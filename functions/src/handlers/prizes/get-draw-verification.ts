import { drawVerification } from '../../domain/prize/draw-verification';
import { httpHandler } from '../../adapters/http-handler';
import { getDrawVerificationRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(getDrawVerificationRoute, async ({ query, now }) =>
  drawVerification(query.game_global_id, query.page ?? 1, now),
);
