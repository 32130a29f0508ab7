import type { GuildVersus } from '@golf/shared/schemas/guild';
import { guildVersus } from '../../domain/guild/guild-versus';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getGuildVersus',
  async ({ params, query, auth, now }): Promise<GuildVersus> =>
    guildVersus({
      userId: auth.userId,
      guildId: params.id,
      gameGlobalId: query.game_global_id,
      round: query.round,
      now,
    }),
);
