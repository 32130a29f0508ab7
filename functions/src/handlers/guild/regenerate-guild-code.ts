import type { JoinCode } from '@golf/shared/schemas/guild';
import { regenerateJoinCode } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { regenerateGuildCodeRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(regenerateGuildCodeRoute, async ({ params, auth }): Promise<JoinCode> =>
  regenerateJoinCode(auth.userId, params.id),
);
