import type { OwnedGuild } from '@golf/shared/schemas/guild';
import { createGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../adapters/http-handler';
import { createGuildRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(
  createGuildRoute,
  async ({ body, files, auth, now }): Promise<OwnedGuild> =>
    createGuild({ userId: auth.userId, form: body, file: files['guild_img'], now }),
);
