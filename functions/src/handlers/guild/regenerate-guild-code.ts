import type { JoinCode } from '@golf/shared/schemas/guild';
import { regenerateJoinCode } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('regenerateGuildCode', async ({ params, auth }): Promise<JoinCode> =>
  regenerateJoinCode(auth.userId, params.id),
);
