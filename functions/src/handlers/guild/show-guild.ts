import type { GuildDetail } from '@golf/shared/schemas/guild';
import { showGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { showGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(showGuildRoute, async ({ params, auth }): Promise<GuildDetail> =>
  showGuild(auth.userId, params.id),
);
