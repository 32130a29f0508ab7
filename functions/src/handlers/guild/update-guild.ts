import type { OwnedGuild } from '@golf/shared/schemas/guild';
import { updateGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { updateGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(
  updateGuildRoute,
  async ({ params, body, files, auth, now }): Promise<OwnedGuild> =>
    updateGuild({ userId: auth.userId, guildId: params.id, form: body, file: files['guild_img'], now }),
);
