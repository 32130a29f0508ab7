import type { GuildList } from '@golf/shared/schemas/guild';
import { listGuilds } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('listGuilds', async ({ query }): Promise<GuildList> =>
  listGuilds({ name: query.name, page: query.page }),
);
