import type { JoinResult } from '@golf/shared/schemas/guild';
import { joinGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('joinGuild', async ({ params, auth, now }): Promise<JoinResult> =>
  joinGuild({ userId: auth.userId, guildId: params.id, now }),
);
