import type { JoinResult } from '@golf/shared/schemas/guild';
import { joinGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { joinGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(joinGuildRoute, async ({ params, auth, now }): Promise<JoinResult> =>
  joinGuild({ userId: auth.userId, guildId: params.id, now }),
);
