import type { GuildConfirm } from '@golf/shared/schemas/guild';
import { confirmGuild } from '../../domain/guild/guild-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('confirmGuild', async ({ body, files, auth }): Promise<GuildConfirm> =>
  confirmGuild({ userId: auth.userId, form: body, file: files['guild_img'] }),
);
