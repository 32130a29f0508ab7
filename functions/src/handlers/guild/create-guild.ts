import type { OwnedGuild } from '@golf/shared/schemas/guild';
import { createGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('createGuild', async ({ body, files, auth, now }): Promise<OwnedGuild> =>
  createGuild({ userId: auth.userId, form: body, file: files['guild_img'], now }),
);
