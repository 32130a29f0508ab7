import type { GuildManage } from '@golf/shared/schemas/guild';
import { fetchManagedGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('fetchManagedGuild', async ({ params, auth }): Promise<GuildManage> =>
  fetchManagedGuild(auth.userId, params.id),
);
