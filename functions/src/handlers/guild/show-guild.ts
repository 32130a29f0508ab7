import type { GuildDetail } from '@golf/shared/schemas/guild';
import { showGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('showGuild', async ({ params, auth }): Promise<GuildDetail> =>
  showGuild(auth.userId, params.id),
);
