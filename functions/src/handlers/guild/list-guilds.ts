import type { GuildList } from '@golf/shared/schemas/guild';
import { listGuilds } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { listGuildsRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(listGuildsRoute, async ({ query }): Promise<GuildList> =>
  listGuilds({ name: query.name, page: query.page }),
);
