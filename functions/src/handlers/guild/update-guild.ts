import type { OwnedGuild } from '@golf/shared/schemas/guild';
import { updateGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'updateGuild',
  async ({ params, body, files, auth, now }): Promise<OwnedGuild> =>
    updateGuild({ userId: auth.userId, guildId: params.id, form: body, file: files['guild_img'], now }),
);
