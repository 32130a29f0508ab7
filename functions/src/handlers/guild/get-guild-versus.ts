import type { GuildVersus } from '@golf/shared/schemas/guild';
import { guildVersus } from '../../domain/guild/guild-versus';
import { httpHandler } from '../../adapters/http-handler';
import { getGuildVersusRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(
  getGuildVersusRoute,
  async ({ params, query, auth, now }): Promise<GuildVersus> =>
    guildVersus({
      userId: auth.userId,
      guildId: params.id,
      gameGlobalId: query.game_global_id,
      round: query.round,
      now,
    }),
);
