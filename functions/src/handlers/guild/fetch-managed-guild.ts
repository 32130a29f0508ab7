import type { GuildManage } from '@golf/shared/schemas/guild';
import { fetchManagedGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { fetchManagedGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(fetchManagedGuildRoute, async ({ params, auth }): Promise<GuildManage> =>
  fetchManagedGuild(auth.userId, params.id),
);
